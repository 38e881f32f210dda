import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { delta, diff, drift, evolve, freshness, memoryAdd, update } from '../../src/api/index.js';
import { buildContextPackage } from '../../src/context/build.js';
import { MANIFEST_SCHEMA_VERSION } from '../../src/context/manifest.js';
import { decideContextRefresh } from '../../src/context/refresh.js';
import { runCli } from '../helpers/cli.js';
import { commitAll, git, makeRepo, makeTempDir, writeTree } from '../helpers/repo.js';

const project = {
  'package.json': JSON.stringify({ name: 'life', type: 'module', scripts: { test: 'vitest run' } }),
  'src/index.ts':
    "import { parse } from './parse.js';\nimport { format } from './format.js';\nexport const run = (input: string) => format(parse(input));\n",
  'src/parse.ts':
    '/** Parses input. */\nexport function parse(input: string): string[] {\n  return input.split(",");\n}\n',
  'src/format.ts':
    "import type { Options } from './types.js';\nexport function format(items: string[], options?: Options): string {\n  return items.join(options?.separator ?? ' ');\n}\n",
  'src/types.ts': 'export interface Options { separator: string }\n',
  'test/parse.test.ts': "import { parse } from '../src/parse.js';\nparse('a,b');\n",
};

const verdicts = (report: Awaited<ReturnType<typeof freshness>>) =>
  Object.fromEntries(report.components.map((component) => [component.component, component.verdict]));

/** Every generated file under .agent-context (cache and delta aside) plus AGENTS.md. */
function outputs(root: string): Record<string, string> {
  const files: Record<string, string> = { 'AGENTS.md': readFileSync(join(root, 'AGENTS.md'), 'utf8') };
  for (const name of readdirSync(join(root, '.agent-context'))) {
    const path = join(root, '.agent-context', name);
    if (statSync(path).isFile()) files[name] = readFileSync(path, 'utf8');
  }
  return files;
}

describe('freshness', () => {
  it('says fresh after a build, then names what went stale and why', async () => {
    const root = makeRepo(project);
    expect((await freshness(root)).verdict).toBe('missing');
    await buildContextPackage(root);
    const fresh = await freshness(root);
    expect(fresh.verdict).toBe('fresh');
    expect(fresh.command).toBeUndefined();

    writeTree(root, {
      'src/parse.ts':
        '/** Parses input. */\nexport function parse(input: string): string[] {\n  return input.split(";");\n}\n',
      'src/new.ts': 'export {};\n',
    });
    rmSync(join(root, 'src/types.ts'));
    const stale = await freshness(root);
    expect(stale.verdict).toBe('stale');
    expect(stale.changes).toEqual({
      added: ['src/new.ts'],
      removed: ['src/types.ts'],
      modified: ['src/parse.ts'],
    });
    expect(verdicts(stale)).toMatchObject({
      source: 'stale',
      index: 'stale',
      graph: 'stale',
      config: 'fresh',
      tool: 'fresh',
    });
    expect(stale.command).toBe('opencode-plusplus update');

    await update(root);
    writeTree(root, { 'opencode-plusplus.config.json': '{ "context": { "centralModules": 3 } }' });
    expect(verdicts(await freshness(root))).toMatchObject({ config: 'stale' });
  });

  it('calls a build made by other extractors stale, and update extracts again rather than saying up to date', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    const path = join(root, '.agent-context/manifest.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    const current = manifest.extractors.typescript;
    // What an older release of the tool recorded: the same sources, an older TypeScript extraction.
    manifest.extractors.typescript = current - 1;
    writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
    const stale = await freshness(root);
    expect(stale.verdict).toBe('stale');
    const tool = stale.components.find((entry) => entry.component === 'tool');
    expect(tool).toMatchObject({ verdict: 'stale' });
    expect(tool?.reason).toContain(`typescript ${current - 1} → ${current}`);
    const cli = runCli(['update', root], root);
    expect(cli.code).toBe(0);
    expect(cli.stdout).not.toMatch(/up to date/);
    expect(JSON.parse(readFileSync(path, 'utf8')).extractors.typescript).toBe(current);
    expect((await freshness(root)).verdict).toBe('fresh');
  });

  it('calls hand-edited or deleted outputs inconsistent or missing, and --check gates on it', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    expect(runCli(['freshness', root, '--check'], root).code).toBe(0);
    const agents = readFileSync(join(root, 'AGENTS.md'), 'utf8');
    writeFileSync(join(root, 'AGENTS.md'), agents.replace('### Commands', '### Commands (edited)'));
    const edited = await freshness(root);
    expect(edited.verdict).toBe('inconsistent');
    expect(edited.components.find((entry) => entry.component === 'outputs')?.files).toEqual(['AGENTS.md']); // Text a person adds outside the markers is theirs: an input (readiness reads it), never an inconsistency.
    writeFileSync(join(root, 'AGENTS.md'), `# Our rules\n\n${agents}`);
    const personal = await freshness(root);
    expect(verdicts(personal)).toMatchObject({ outputs: 'stale', source: 'stale' });
    expect(personal.changes.modified).toEqual(['AGENTS.md']);
    await update(root);

    rmSync(join(root, '.agent-context/graph/src.json'));
    const missing = await freshness(root);
    expect(missing.verdict).toBe('missing');
    expect(verdicts(missing).graph).toBe('missing');
    const check = runCli(['freshness', root, '--check', '--json'], root);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout).command).toBe('opencode-plusplus update');
  });

  it('a new lesson makes the context stale and update serves it in AGENTS.md', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    await memoryAdd('Run the parser tests with the fixtures checked out first.', root);
    const stale = await freshness(root);
    expect(verdicts(stale)).toMatchObject({ memory: 'stale', source: 'fresh' });
    const updated = await update(root);
    expect(updated.mode).not.toBe('reused');
    expect(readFileSync(join(root, 'AGENTS.md'), 'utf8')).toContain(
      '[lesson L-0001] Run the parser tests with the fixtures checked out first.',
    );
    expect((await freshness(root)).verdict).toBe('fresh');
  });

  it('survives a deleted cache, a moved repository and a truncated manifest', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    rmSync(join(root, '.agent-context/cache'), { recursive: true });
    const noCache = await freshness(root);
    expect(noCache.verdict).toBe('fresh');
    expect(noCache.hashedFiles).toBeGreaterThan(0);

    const moved = join(makeTempDir(), 'moved repo');
    cpSync(root, moved, { recursive: true });
    expect((await freshness(moved)).verdict).toBe('fresh');
    expect((await update(moved)).mode).toBe('reused');

    const manifest = join(moved, '.agent-context/manifest.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').slice(0, 100));
    const truncated = await freshness(moved);
    expect(truncated.verdict).toBe('inconsistent');
    expect(truncated.components[0]?.reason).toContain('manifest.json cannot be read');
    expect((await update(moved)).mode).toBe('cold');
    expect((await freshness(moved)).verdict).toBe('fresh');
  });

  it('refuses a manifest from a newer schema without overwriting anything, and rebuilds an older one', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    const path = join(root, '.agent-context/manifest.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...manifest, schemaVersion: 99 }));
    const before = readFileSync(path, 'utf8');
    for (const command of ['build', 'update', 'freshness']) {
      const result = runCli([command, root], root);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('schemaVersion 99 is newer');
    }
    expect(readFileSync(path, 'utf8')).toBe(before);

    writeFileSync(path, JSON.stringify({ ...manifest, schemaVersion: 0 }));
    const older = runCli(['update', root], root);
    expect(older.code).toBe(0);
    expect(older.stderr).toContain(`older than ${MANIFEST_SCHEMA_VERSION}: rebuilding`);
    expect(JSON.parse(readFileSync(path, 'utf8')).schemaVersion).toBe(MANIFEST_SCHEMA_VERSION);
  });
});

describe('drift', () => {
  it('reports hand edits, a graph that no longer matches, stale task packs and contracts pointing at gone folders', async () => {
    const root = makeRepo({ ...project, 'src/legacy/old.ts': 'export const old = 1;\n' });
    mkdirSync(join(root, '.agent-context/contracts'), { recursive: true });
    writeFileSync(
      join(root, '.agent-context/contracts/module-boundaries.json'),
      JSON.stringify(
        { forbidden: [{ from: '^src/legacy/', to: '^src/', comment: 'legacy stays isolated' }] },
        null,
        2,
      ),
    );
    mkdirSync(join(root, '.agent-context/runs/fix-parse-1a2b'), { recursive: true });
    writeFileSync(
      join(root, '.agent-context/runs/fix-parse-1a2b/run.json'),
      JSON.stringify({
        schemaVersion: 1,
        pack: { files: [{ path: 'src/parse.ts' }, { path: 'src/format.ts' }] },
      }),
    );
    await buildContextPackage(root);
    expect((await drift(root)).drifted).toBe(false);

    writeTree(root, {
      'src/index.ts':
        "import { parse } from './parse.js';\nexport const run = (input: string) => parse(input);\n",
    });
    mkdirSync(join(root, 'src/text'));
    renameSync(join(root, 'src/format.ts'), join(root, 'src/text/format.ts'));
    rmSync(join(root, 'src/legacy'), { recursive: true });
    const ranking = join(root, '.agent-context/ranking.json');
    writeFileSync(ranking, readFileSync(ranking, 'utf8').replace('"score":', '"score": '));

    const report = await drift(root);
    const kinds = report.findings.map((finding) => finding.kind).sort();
    expect(kinds).toEqual(['contract-stale-path', 'graph-mismatch', 'output-edited', 'task-pack-stale']);
    const byKind = Object.fromEntries(report.findings.map((finding) => [finding.kind, finding]));
    expect(byKind['output-edited']!.file).toBe('.agent-context/ranking.json');
    expect(byKind['graph-mismatch']!.evidence).toContain('- src/index.ts:2 -> src/format.ts');
    expect(byKind['task-pack-stale']!.evidence).toEqual(['src/format.ts (moved to src/text/format.ts?)']);
    expect(byKind['contract-stale-path']).toMatchObject({
      file: '.agent-context/contracts/module-boundaries.json',
      line: 4,
    });
    expect(runCli(['drift', root], root).code).toBe(1);
  });
});

describe('delta, evolve and diff', () => {
  it('delta says what changed without rewriting outputs; evolve rewrites only what changed', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    const before = outputs(root);
    writeTree(root, {
      'src/parse.ts':
        '/** Parses input. */\nexport function parse(input: string, separator = ","): string[] {\n  return input.split(separator);\n}\nexport const EMPTY: string[] = [];\n',
      'src/index.ts':
        "import { parse } from './parse.js';\nexport const run = (input: string) => parse(input).length;\n",
    });
    const result = await delta(root);
    expect(outputs(root)).toEqual(before);
    expect(result.written).toEqual(['.agent-context/delta/latest.json', '.agent-context/delta/latest.md']);
    expect(result.delta.files.modified).toEqual(['src/index.ts', 'src/parse.ts']);
    expect(result.delta.symbols).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'src/parse.ts',
          name: 'parse',
          change: 'changed',
          after: 'export function parse(input: string, separator = ","): string[]',
        }),
        expect.objectContaining({ file: 'src/parse.ts', name: 'EMPTY', change: 'added' }),
      ]),
    );
    expect(result.delta.edges).toEqual([
      { from: 'src/index.ts', to: 'src/format.ts', change: 'removed', specifier: './format.js', line: 2 },
    ]);
    expect(result.delta.rereadOutputs).toEqual(
      expect.arrayContaining(['.agent-context/graph/src.json', '.agent-context/index/src.json']),
    );
    expect(readFileSync(join(root, '.agent-context/delta/latest.md'), 'utf8')).toContain(
      '- `src/index.ts` → `src/format.ts` (line 2)',
    );

    const evolved = await evolve(root);
    expect(evolved.cache).toMatchObject({ misses: 2, hits: 4 });
    expect(evolved.rewritten).toEqual(
      expect.arrayContaining([
        '.agent-context/graph/src.json',
        '.agent-context/index/src.json',
        '.agent-context/manifest.json',
      ]),
    );
    expect(evolved.rewritten).not.toContain('.agent-context/.gitignore');
    expect(evolved.delta.edges).toEqual(result.delta.edges);
    expect((await freshness(root)).verdict).toBe('fresh');
    const again = await evolve(root);
    expect(again.rewritten).toEqual([]);
    expect(again.delta.empty).toBe(true);
  });

  it('diff compares builds of two commits kept in two worktrees', async () => {
    const root = makeRepo(project);
    writeTree(root, {
      'src/extra.ts': "import { parse } from './parse.js';\nexport const extra = parse('x');\n",
    });
    commitAll(root, 'add extra');
    const old = join(makeTempDir(), 'old');
    git(root, 'worktree', 'add', '-q', '--detach', old, 'HEAD~1');
    await buildContextPackage(root);
    await buildContextPackage(old);
    const result = await diff(old, join(root, '.agent-context/manifest.json'));
    expect(result.files).toEqual({ added: ['src/extra.ts'], removed: [], modified: [] });
    expect(result.edges).toEqual([
      { from: 'src/extra.ts', to: 'src/parse.ts', change: 'added', specifier: './parse.js', line: 1 },
    ]);
    expect(result.symbols).toEqual([
      { file: 'src/extra.ts', name: 'extra', kind: 'const', change: 'added', line: 2 },
    ]);
    const missing = runCli(['diff', old, join(makeTempDir(), 'nothing')], root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no build found');
  });
});

describe('incremental equals full', () => {
  it('over a sequence of random edits, renames and deletions', async () => {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ name: 'random', type: 'module' }),
    };
    for (let index = 0; index < 24; index++) {
      const target = index > 0 ? `import { value${index - 1} } from './m${index - 1}.js';\n` : '';
      files[`src/m${index}.ts`] =
        `${target}/** Module ${index}. */\nexport const value${index} = ${index};\n`;
    }
    const incremental = makeRepo(files);
    let seed = 7;
    const random = (limit: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % limit;
    };
    await buildContextPackage(incremental);
    for (let step = 0; step < 12; step++) {
      const present = readdirSync(join(incremental, 'src')).filter((name) => name.endsWith('.ts'));
      const pick = present[random(present.length)]!;
      const action = random(4);
      if (action === 0)
        writeFileSync(
          join(incremental, 'src', pick),
          `${readFileSync(join(incremental, 'src', pick), 'utf8')}export function added${step}(): number { return ${step}; }\n`,
        );
      else if (action === 1)
        renameSync(join(incremental, 'src', pick), join(incremental, 'src', `renamed${step}.ts`));
      else if (action === 2 && present.length > 4) rmSync(join(incremental, 'src', pick));
      else
        writeFileSync(
          join(incremental, 'src', `new${step}.ts`),
          `import { value0 } from './m0.js';\nexport const fresh${step} = value0 + ${step};\n`,
        );
      await buildContextPackage(incremental, { mode: 'update' });
      const full = join(makeTempDir(), 'full');
      cpSync(incremental, full, { recursive: true });
      rmSync(join(full, '.agent-context'), { recursive: true });
      await buildContextPackage(full);
      expect(outputs(incremental), `step ${step}`).toEqual(outputs(full));
    }
    expect(existsSync(join(incremental, '.agent-context/manifest.json'))).toBe(true);
  });
});

describe('decideContextRefresh', () => {
  const cases: Array<
    [string, Parameters<typeof decideContextRefresh>[0], Parameters<typeof decideContextRefresh>[1], string]
  > = [
    [
      'repack always rebuilds',
      { workingTreeHash: 'a' },
      { repackRequested: true, workingTreeHash: 'a' },
      'rebuilt',
    ],
    ['drift rebuilds', { workingTreeHash: 'a' }, { driftDetected: true, workingTreeHash: 'b' }, 'rebuilt'],
    [
      'a lockfile change rebuilds',
      { workingTreeHash: 'a' },
      { modifiedFiles: ['src/x.ts', 'package-lock.json'], workingTreeHash: 'b' },
      'rebuilt',
    ],
    [
      'a nested tsconfig change rebuilds',
      undefined,
      { modifiedFiles: ['packages/a/tsconfig.build.json'] },
      'rebuilt',
    ],
    ['our own config rebuilds', undefined, { modifiedFiles: ['opencode-plusplus.config.jsonc'] }, 'rebuilt'],
    ['go.sum rebuilds', undefined, { modifiedFiles: ['go.sum'] }, 'rebuilt'],
    [
      'sources changed: incremental',
      { workingTreeHash: 'a' },
      { modifiedFiles: ['src/a.ts'], workingTreeHash: 'b' },
      'incremental',
    ],
    ['same tree hash: reused', { workingTreeHash: 'a' }, { workingTreeHash: 'a' }, 'reused'],
    [
      'same tree hash wins over a claimed edit',
      { workingTreeHash: 'a' },
      { modifiedFiles: ['src/a.ts'], workingTreeHash: 'a' },
      'reused',
    ],
    ['nothing modified, no hashes: reused', undefined, { modifiedFiles: [] }, 'reused'],
    [
      'tree changed but the executor claims nothing: incremental',
      { workingTreeHash: 'a' },
      { modifiedFiles: [], workingTreeHash: 'b' },
      'incremental',
    ],
    [
      'unknown modifications with a changed tree: incremental, never reuse',
      { workingTreeHash: 'a' },
      { workingTreeHash: 'b' },
      'incremental',
    ],
    ['nothing known at all: incremental', undefined, {}, 'incremental'],
  ];
  it.each(cases)('%s', (_name, previous, signals, mode) => {
    const decision = decideContextRefresh(previous, signals);
    expect(decision.mode).toBe(mode);
    expect(decision.reason.length).toBeGreaterThan(10);
  });
});

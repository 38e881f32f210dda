import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { builtGraph } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';
import { FIXTURE_FILES, makeReportFixture, ORCHESTRATOR_RUN, TASK_ID } from './fixture.js';

/** The JSON block the page's script reads. */
function pageData(html: string): {
  map: {
    files: Array<{ path: string; cycle?: number }>;
    edges: number[][];
    cycles: number[][];
    violations: Record<string, string[]>;
  };
} {
  const match = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no data block');
  return JSON.parse(match[1]!);
}

describe('report (html)', () => {
  let root: string;
  let html: string;
  beforeAll(async () => {
    root = await makeReportFixture();
    const result = await runCliInProcess(['report', root]);
    expect(result.stderr).not.toMatch(/error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('report.html');
    html = readFileSync(join(root, '.agent-context/report.html'), 'utf8');
  });

  it('is one self-contained file: no external script, style, image or link', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<(script|img|iframe)[^>]+src=/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(html).toContain("default-src 'none'");
  });

  it('has every section', () => {
    for (const id of ['map', 'readiness', 'freshness', 'contracts', 'runs', 'lessons'])
      expect(html).toContain(`<section id="${id}">`);
  });

  it('carries every file of the graph, the cycle and the layer violation in the map data', async () => {
    const { map } = pageData(html);
    const graph = await builtGraph(root);
    expect(map.files.map((file) => file.path)).toEqual([...graph.files].sort());
    const paths = map.files.map((file) => file.path);
    expect(map.cycles.map((cycle) => cycle.map((index) => paths[index]))).toEqual([
      ['src/db/format.ts', 'src/db/store.ts'],
    ]);
    const violating = Object.keys(map.violations).map((index) => paths[Number(index)]);
    expect(violating).toEqual(['src/ui/view.ts']);
    const edge = map.edges.find(
      ([from, to]) => paths[from!] === 'src/ui/view.ts' && paths[to!] === 'src/db/store.ts',
    );
    expect((edge?.[2] ?? 0) & 2).toBe(2);
  });

  it('lists contract findings by rule with file:line', () => {
    const contracts = /<section id="contracts">([\s\S]*?)<\/section>/.exec(html)![1]!;
    expect(contracts).toContain('data-rule="architecture-layer"');
    expect(contracts).toContain('src/ui/view.ts:1');
  });

  it('escapes what the repository wrote: a summary cannot close the data block or add markup', () => {
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/script>/g)?.length).toBe(2);
    const { map } = pageData(html);
    expect(map.files.find((file) => file.path === 'src/checkout/hostile.ts')).toBeDefined();
  });

  it('shows the orchestrator run with its iteration timeline, missing files as missing', () => {
    const runs = /<section id="runs">([\s\S]*?)<\/section>\n/.exec(html)![1]!;
    expect(runs).toContain(`data-run="orchestrator:${ORCHESTRATOR_RUN}"`);
    expect(runs).toContain(`data-run-detail="orchestrator:${ORCHESTRATOR_RUN}"`);
    expect(runs).toContain(`data-run="task:${TASK_ID}"`);
    expect(runs).toContain('data-iteration="001"');
    expect(runs).toContain('data-iteration="002"');
    expect(runs).toContain('tests fail: test/total.test.ts');
    expect(runs).toContain('src/checkout/total.ts:1');
    expect(runs).toContain('<span class="add">+new line</span>');
    expect(runs).toMatch(/<code>verify\.json<\/code> missing/);
    expect(runs).toContain('notes.custom');
    expect(runs).toContain('futureField');
    expect(runs).toContain('action-finalize');
  });

  it('shows lessons served, ignored, proposed and approved', () => {
    const lessons = /<section id="lessons">([\s\S]*?)<\/section>/.exec(html)![1]!;
    expect(lessons).toMatch(/Served \(1\)/);
    expect(lessons).toMatch(/Ignored \(1\)/);
    expect(lessons).toMatch(/Proposed \(1\)[\s\S]*Review checklist/);
    expect(lessons).toMatch(/Approved \(1\)[\s\S]*Release steps/);
  });

  it('gives the same bytes for the same inputs', async () => {
    const again = await runCliInProcess(['report', root, '--out', join(root, 'again.html')]);
    expect(again.code).toBe(0);
    expect(readFileSync(join(root, 'again.html'), 'utf8')).toBe(html);
  });
});

describe('report (graph formats and errors)', () => {
  it('prints mermaid and dot at file level for a small tree, violations in red', async () => {
    const root = await makeReportFixture();
    const mermaid = await runCliInProcess(['report', root, '--format', 'mermaid']);
    expect(mermaid.code).toBe(0);
    expect(mermaid.stdout).toMatch(/^%% .*\(file level\)\nflowchart LR\n/);
    expect(mermaid.stdout).toContain('["src/ui/view.ts"]');
    expect(mermaid.stdout).toMatch(/linkStyle \d+ stroke:#d32f2f/);
    const dot = await runCliInProcess(['report', root, '--format', 'dot']);
    expect(dot.stdout).toContain('"src/ui/view.ts" -> "src/db/store.ts" [color="#d32f2f"];');
    expect(dot.stdout.trimEnd().endsWith('}')).toBe(true);
  });

  it('goes module level for a big tree', async () => {
    const files: Record<string, string> = {};
    for (let folder = 0; folder < 20; folder++)
      for (let file = 0; file < 10; file++)
        files[`src/m${folder}/f${file}.ts`] =
          `import '../m${(folder + 1) % 20}/f0.js';\nexport const x = ${file};\n`;
    const root = makeRepo(files);
    const dot = await runCliInProcess(['report', root, '--format', 'dot']);
    expect(dot.code).toBe(0);
    expect(dot.stdout).toContain('(module level)');
    expect(dot.stdout).toContain('"src/m3" -> "src/m4";');
    expect(dot.stdout).not.toContain('f0.ts');
  });

  it('clusters a Go repository by package', async () => {
    const root = makeRepo({
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'cmd/shop/main.go':
        'package main\n\nimport "example.com/shop/internal/cart"\n\nfunc main() { cart.Total() }\n',
      'internal/cart/cart.go':
        'package cart\n\n// Total adds the basket up.\nfunc Total() int { return 0 }\n',
    });
    expect((await runCliInProcess(['report', root])).code).toBe(0);
    const html = readFileSync(join(root, '.agent-context/report.html'), 'utf8');
    const data = JSON.parse(/id="report-data">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(data.map.clusterBy).toBe('package');
    expect(html).toContain('clustered by package');
    const paths: string[] = data.map.files.map((file: { path: string }) => file.path);
    expect(data.map.edges).toContainEqual([
      paths.indexOf('cmd/shop/main.go'),
      paths.indexOf('internal/cart/cart.go'),
      0,
    ]);
  });

  it('refuses an unknown format with exit 2 and no stack', async () => {
    const root = makeRepo(FIXTURE_FILES);
    const result = await runCliInProcess(['report', root, '--format', 'svg']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown format "svg"');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

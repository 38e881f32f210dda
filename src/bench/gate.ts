/**
 * `benchmark gate`: mutations that must never PASS `verify`, applied one at a time to a clean
 * checkout of HEAD, and real commits that must pass. Reports false PASS and false blocks per kind.
 */
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { assignTestFiles, readBuiltGraph, readBuiltIndex, type TestContract } from '../api/built-context.js';
import * as api from '../api/index.js';
import type { EventBus } from '../shared/events.js';
import { runGit } from '../shared/git.js';
import { globMatcher } from '../shared/glob.js';
import { joinPath } from '../shared/path.js';
import { type ImportedExport, importedExportTargets } from './gate-exports.js';
import { handEditLockfile } from './gate-lockfile.js';
import { undeclaredImports } from './gate-undeclared.js';
import { inWorktree, recentCommits, repositoryRoot } from './history.js';

export interface GateBenchmarkOptions {
  bus?: EventBus;
  /** Real commits replayed as changes that must pass. @default 20 */
  commits?: number;
}

export interface GateCase {
  kind: string;
  /** What was done, or the commit. */
  subject: string;
  expected: 'fail' | 'pass';
  verdict: 'fail' | 'pass';
  blocking: string[];
}

export interface GateBenchmarkResult {
  repository: string;
  cases: GateCase[];
  /** Kinds with no target in this repository. */
  notApplicable: string[];
  /**
   * Recent commits left out of the must-pass sample because they edit a protected path (CI
   * config, secrets): the safety contract says only a person makes those, so verify blocks them.
   */
  personOnlyCommits: number;
  /** Real commits the clone could not check out (missing blobs), left out and replaced by older ones. */
  unreadableCommits: number;
  perKind: Record<string, { cases: number; falsePass: number; falseBlock: number }>;
}

interface TreeFacts {
  edges: Array<{ from: string; to: string; external?: boolean }>;
  files: Array<{ path: string; kind: string; exports?: Array<{ name: string; line: number }> }>;
  generated: string[];
  protected: string[];
  /** Test files a runner of the test contract runs (not conftest.py or helpers). */
  runnableTests: Set<string>;
  /** The first lockfile with a locked version to hand-edit, with its edited text. */
  lockfile?: { path: string; edited: string };
  /** Exports an importer still takes by name: the first through ESM, the first through CommonJS. */
  importedExports: ImportedExport[];
}

type Mutation = { kind: string; subject: string; apply(dir: string): Promise<void> };

const JS = /\.[cm]?[jt]sx?$/;

export async function benchmarkGate(
  directory = '.',
  options: GateBenchmarkOptions = {},
): Promise<GateBenchmarkResult> {
  const root = await repositoryRoot(directory);
  const facts = await inWorktree(root, 'HEAD', (dir) => treeFacts(dir));
  const mutations = mutationsOf(facts);
  const kinds = [
    'undeclared-package',
    'moved-file',
    'removed-export',
    'hand-edited-lockfile',
    'generated-file',
    'protected-path',
    'deleted-covering-test',
  ];
  const cases: GateCase[] = [];
  for (const mutation of mutations) {
    options.bus?.log('info', `gate: ${mutation.kind} ${mutation.subject}`);
    cases.push(await judge(root, 'HEAD', mutation.kind, mutation.subject, 'fail', mutation.apply));
  }
  const replay = await replayCommits(root, facts, options);
  cases.push(...replay.cases);
  const perKind: GateBenchmarkResult['perKind'] = {};
  for (const entry of cases) {
    perKind[entry.kind] ??= { cases: 0, falsePass: 0, falseBlock: 0 };
    const tally = perKind[entry.kind]!;
    tally.cases++;
    if (entry.expected === 'fail' && entry.verdict === 'pass') tally.falsePass++;
    if (entry.expected === 'pass' && entry.verdict === 'fail') tally.falseBlock++;
  }
  return {
    repository: root,
    cases,
    notApplicable: kinds.filter((kind) => !perKind[kind]),
    personOnlyCommits: replay.personOnly,
    unreadableCommits: replay.unreadable,
    perKind,
  };
}

/**
 * The recent commits replayed as must-pass changes, newest first: those that edit a protected path
 * (a person's change) are left out, and an unreadable one is replaced by the next.
 */
async function replayCommits(
  root: string,
  facts: TreeFacts,
  options: GateBenchmarkOptions,
): Promise<{ cases: GateCase[]; personOnly: number; unreadable: number }> {
  const cases: GateCase[] = [];
  const isProtected = globMatcher(facts.protected);
  const recent = (await recentCommits(root, 200)).filter((commit) => commit.changes.length <= 15);
  const personOnly = recent.filter((commit) => commit.changes.some(([, path]) => isProtected(path)));
  const wanted = options.commits ?? 20;
  let unreadable = 0;
  for (const commit of recent.filter((entry) => !personOnly.includes(entry))) {
    if (cases.length === wanted) break;
    const subject = `${commit.sha.slice(0, 10)} ${commit.subject}`;
    const judged = await judge(root, commit.parent, 'real-commit', subject, 'pass', (dir) =>
      applyCommit(dir, commit.sha, commit.changes),
    ).catch((error: unknown) => {
      // A commit the clone cannot check out (a blob it lacks) says nothing about the gate.
      options.bus?.log('warn', `gate: ${subject}: ${(error as Error).message}`);
      return undefined;
    });
    if (judged) cases.push(judged);
    else unreadable++;
  }
  return { cases, personOnly: personOnly.length, unreadable };
}

async function judge(
  root: string,
  ref: string,
  kind: string,
  subject: string,
  expected: 'fail' | 'pass',
  apply: (dir: string) => Promise<void>,
): Promise<GateCase> {
  return inWorktree(root, ref, async (dir) => {
    await apply(dir);
    const report = await api.verify(dir);
    return { kind, subject, expected, verdict: report.verdict, blocking: report.blocking };
  });
}

async function applyCommit(dir: string, sha: string, changes: Array<[string, string]>): Promise<void> {
  const present = changes.filter(([status]) => status !== 'D').map(([, path]) => path);
  const removed = changes.filter(([status]) => status === 'D').map(([, path]) => path);
  if (present.length > 0) await runGit(['checkout', sha, '--', ...present], dir);
  if (removed.length > 0) await runGit(['rm', '-q', '--', ...removed], dir);
}

async function treeFacts(dir: string): Promise<TreeFacts> {
  await api.build(dir);
  const read = (name: string) => JSON.parse(readFileSync(joinPath(dir, '.agent-context', name), 'utf8'));
  const graph = await readBuiltGraph(dir);
  const files = await readBuiltIndex(dir);
  const safety = read('contracts/safety.contract.json') as {
    generated?: Array<{ paths: string[] }>;
    protected?: Array<{ paths: string[] }>;
  };
  const tests = read('contracts/test.contract.json') as TestContract;
  const tracked = (await runGit(['ls-files', '-z'], dir)).stdout.split('\0').filter(Boolean).sort();
  return {
    importedExports: importedExportTargets(dir, files, graph),
    // The index leaves lockfiles out: the tracked files name them.
    lockfile: lockfileToEdit(dir, tracked),
    runnableTests: new Set(
      assignTestFiles(
        tests.runners,
        files.map((file) => file.path),
      ).keys(),
    ),
    edges: graph.edges,
    files,
    generated: (safety.generated ?? []).flatMap((entry) => entry.paths),
    protected: (safety.protected ?? []).flatMap((entry) => entry.paths),
  };
}

function mutationsOf(facts: TreeFacts): Mutation[] {
  const kinds = new Map(facts.files.map((file) => [file.path, file.kind]));
  const sources = facts.files
    .filter((file) => file.kind === 'source')
    .map((file) => file.path)
    .sort();
  const internal = facts.edges
    .filter((edge) => !edge.external && edge.from !== edge.to && kinds.get(edge.to) === 'source')
    .sort((a, b) => (a.to + a.from < b.to + b.from ? -1 : 1));
  const mutations: Mutation[] = [];
  for (const undeclared of undeclaredImports(sources))
    mutations.push({ kind: 'undeclared-package', subject: undeclared.file, apply: undeclared.apply });
  // A package's own entry (`__init__.py`, `index.js`) is found through its folder after a rename,
  // and Cargo finds a crate root (`lib.rs`, `main.rs`) by its manifest; a Rust module (`mod x;`)
  // is found by its file name, as a script is.
  const moved = internal.find(
    (edge) =>
      kinds.get(edge.from) === 'source' &&
      (JS.test(edge.to) || /\.(py|rs)$/.test(edge.to)) &&
      // A moved x.d.ts leaves x.js in place, so a JavaScript importer still loads: not a broken change.
      !edge.to.endsWith('.d.ts') &&
      !/(^|\/)(__init__\.py|index\.[cm]?[jt]sx?|(mod|lib|main)\.rs)$/.test(edge.to),
  );
  if (moved)
    mutations.push({
      kind: 'moved-file',
      subject: `${moved.to} (imported by ${moved.from})`,
      apply: async (dir) => {
        await runGit(['mv', moved.to, moved.to.replace(/(\.[^./]+)$/, '-moved$1')], dir);
      },
    });
  for (const removed of facts.importedExports)
    mutations.push({
      kind: 'removed-export',
      subject: `${removed.name} of ${removed.file} (${removed.how} by ${removed.importer})`,
      apply: async (dir) => renameOnLine(joinPath(dir, removed.file), removed.line, removed.name),
    });
  mutations.push(...pathMutations(facts, sources));
  return mutations;
}

function pathMutations(facts: TreeFacts, sources: string[]): Mutation[] {
  const all = facts.files.map((file) => file.path).sort();
  const mutations: Mutation[] = [];
  const touch = (kind: string, path: string | undefined) => {
    if (path)
      mutations.push({
        kind,
        subject: path,
        apply: async (dir) => appendFileSync(joinPath(dir, path), '\n'),
      });
  };
  const lockfile = facts.lockfile;
  if (lockfile)
    mutations.push({
      kind: 'hand-edited-lockfile',
      subject: `${lockfile.path} (one locked version bumped by hand)`,
      apply: async (dir) => writeFileSync(joinPath(dir, lockfile.path), lockfile.edited),
    });
  const generated = globMatcher(facts.generated);
  touch(
    'generated-file',
    all.find((path) => generated(path)),
  );
  const protectedPath = globMatcher(facts.protected);
  touch(
    'protected-path',
    all.find((path) => protectedPath(path)),
  );
  const covering = facts.edges.find(
    (edge) => !edge.external && facts.runnableTests.has(edge.from) && sources.includes(edge.to),
  );
  if (covering)
    mutations.push({
      kind: 'deleted-covering-test',
      subject: `${covering.from} (covers ${covering.to})`,
      apply: async (dir) => {
        appendFileSync(
          joinPath(dir, covering.to),
          covering.to.endsWith('.py') ? '\n# changed\n' : '\n// changed\n',
        );
        rmSync(joinPath(dir, covering.from));
      },
    });
  return mutations;
}

function lockfileToEdit(dir: string, tracked: readonly string[]): TreeFacts['lockfile'] {
  for (const path of tracked.filter((entry) => api.classifyPath(entry).kind === 'lockfile')) {
    const edited = handEditLockfile(
      path.slice(path.lastIndexOf('/') + 1),
      readFileSync(joinPath(dir, path), 'utf8'),
    );
    if (edited) return { path, edited };
  }
  return undefined;
}

function renameOnLine(file: string, line: number, name: string): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines[line - 1] = (lines[line - 1] ?? '').replace(new RegExp(`\\b${name}\\b`), `${name}RemovedZz`);
  // A scratch worktree: no atomic write needed.
  writeFileSync(file, lines.join('\n'));
}

export function formatGateBenchmark(result: GateBenchmarkResult): string {
  const lines = [`benchmark gate: ${result.repository}`];
  for (const [kind, tally] of Object.entries(result.perKind).sort())
    lines.push(
      `  ${kind.padEnd(24)} ${tally.cases} case(s): ${tally.falsePass} false PASS, ${tally.falseBlock} false block(s)`,
    );
  if (result.notApplicable.length > 0)
    lines.push(`  not applicable here: ${result.notApplicable.join(', ')}`);
  if (result.personOnlyCommits > 0)
    lines.push(
      `  left out of the real commits: ${result.personOnlyCommits} of the last 200 edit a protected path (a person's change, which verify blocks)`,
    );
  for (const entry of result.cases.filter((item) => item.expected !== item.verdict))
    lines.push(
      `  wrong: ${entry.kind} ${entry.subject}: ${entry.verdict}${entry.blocking[0] ? ` (${entry.blocking[0]})` : ''}`,
    );
  return lines.join('\n');
}

/**
 * What the bench measures, one entry per scenario, in the order they run on each tree. Adding a
 * scenario (say, `status` freshness timings) is one more entry here; the runner, medians, JSON
 * output and table pick it up. Each entry:
 *   label      a row name in the table
 *   group      'product' (our CLI), 'floor' or 'baseline' (another tool)
 *   runs(ctx)  how many measured runs (the runner's defaults come from the tree size)
 *   skip(ctx)  a reason not to run, or undefined
 *   setup(ctx) once before the runs, untimed (warm-ups, installs, a first build)
 *   before(ctx, run)  before each run, untimed (reset outputs, edit a file)
 *   teardown(ctx) once after the runs, untimed, also when a run failed (stops what setup started)
 *   command(ctx, run) -> { script, args }: a node script run in a child process, cwd = tree root
 *   read(ctx, result, run) -> extra fields recorded with the run (parse its JSON, check its mode)
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchSidecar, stopBenchSidecar } from './sidecar.mjs';
import { depcruiseBin, ensureBenchTools } from './tools.mjs';
import { appendFunction, midGraphTargets } from './trees.mjs';

const FLOOR_SCRIPT = fileURLToPath(new URL('../floor.mjs', import.meta.url));
const SIDECAR_PROBE = fileURLToPath(new URL('./sidecar-probe.mjs', import.meta.url));

/**
 * Runs of the product's CLI: `build`/`update <root> --json`, and what its result says; a run in
 * another mode than expected (say, an "unchanged" update that re-composed) is flagged.
 */
function productRun(command, expectedMode, extraFields = () => ({})) {
  return {
    command: (ctx) => ({ script: ctx.cli, args: [command, ctx.tree.root, '--json'] }),
    read(ctx, result, run) {
      const parsed = JSON.parse(result.stdout);
      const { stats } = parsed;
      const fields = {
        mode: parsed.mode,
        durationMs: stats.durationMs,
        stageMs: stats.stageMs,
        files: stats.files,
        hashed: stats.hashed,
        parsed: stats.parsed,
        cached: stats.cached,
        edges: stats.edges,
        unresolved: stats.unresolved,
      };
      if (parsed.mode !== expectedMode)
        fields.warning = `expected mode ${expectedMode}, got ${parsed.mode} (${parsed.reason})`;
      return { ...fields, ...extraFields(ctx, run) };
    },
  };
}

/** `freshness <root> --json`: the verdict must be the expected one. */
function freshnessRun(expected) {
  return {
    command: (ctx) => ({ script: ctx.cli, args: ['freshness', ctx.tree.root, '--json'] }),
    read(_ctx, result) {
      const parsed = JSON.parse(result.stdout);
      const fields = { verdict: parsed.verdict, hashedFiles: parsed.hashedFiles };
      if (parsed.verdict !== expected) fields.warning = `expected verdict ${expected}, got ${parsed.verdict}`;
      return fields;
    },
  };
}

/** Updates need a previous build: the cold scenario leaves one, unless it was skipped. */
async function ensureBuilt(ctx) {
  if (!existsSync(join(ctx.tree.root, '.agent-context', 'manifest.json')))
    await ctx.measure(ctx.cli, ['build', ctx.tree.root, '--json']);
}

const editTarget = (ctx, run) => ctx.tree.editTargets[run % ctx.tree.editTargets.length];

export const scenarios = {
  floor: {
    label: 'read+hash floor',
    group: 'floor',
    runs: (ctx) => ctx.runs,
    // One untimed pass so every scenario after it starts from the same warm page cache.
    setup: async (ctx) => ctx.measure(FLOOR_SCRIPT, [ctx.tree.root]),
    command: (ctx) => ({ script: FLOOR_SCRIPT, args: [ctx.tree.root] }),
    read: (_ctx, result) => JSON.parse(result.stdout),
  },
  cold: {
    label: 'cold build',
    group: 'product',
    runs: (ctx) => ctx.runs,
    before: (ctx) => ctx.tree.resetOutputs(),
    ...productRun('build', 'cold'),
  },
  'update-unchanged': {
    label: 'update, nothing changed',
    group: 'product',
    runs: (ctx) => ctx.runs,
    setup: ensureBuilt,
    ...productRun('update', 'reused'),
  },
  'update-one-file': {
    label: 'update, one file edited',
    group: 'product',
    runs: (ctx) => ctx.runs,
    setup: async (ctx) => {
      await ensureBuilt(ctx);
      ctx.tree.editTargets ??= midGraphTargets(ctx.tree.readGraph());
      if (ctx.tree.editTargets.length === 0) throw new Error('no mid-graph file to edit in this tree');
    },
    before: (ctx, run) => appendFunction(ctx.tree.root, editTarget(ctx, run), run),
    ...productRun('update', 'incremental', (ctx, run) => ({ edited: editTarget(ctx, run) })),
  },
  'freshness-unchanged': {
    label: 'freshness, nothing changed',
    group: 'product',
    runs: (ctx) => ctx.runs,
    setup: async (ctx) => {
      await ensureBuilt(ctx);
      await ctx.measure(ctx.cli, ['update', ctx.tree.root, '--json']);
    },
    ...freshnessRun('fresh'),
  },
  'freshness-one-file': {
    label: 'freshness, one file edited',
    group: 'product',
    runs: (ctx) => ctx.runs,
    setup: async (ctx) => {
      await ensureBuilt(ctx);
      ctx.tree.editTargets ??= midGraphTargets(ctx.tree.readGraph());
    },
    before: async (ctx, run) => {
      // Start each run from a fresh context, then edit one file: freshness must find exactly it.
      await ctx.measure(ctx.cli, ['update', ctx.tree.root, '--json']);
      appendFunction(ctx.tree.root, editTarget(ctx, run + 1000), run + 1000);
    },
    ...freshnessRun('stale'),
  },
  'evolve-one-file': {
    label: 'evolve, one file edited',
    group: 'product',
    runs: (ctx) => ctx.runs,
    setup: async (ctx) => {
      await ensureBuilt(ctx);
      ctx.tree.editTargets ??= midGraphTargets(ctx.tree.readGraph());
    },
    before: (ctx, run) => appendFunction(ctx.tree.root, editTarget(ctx, run + 2000), run + 2000),
    command: (ctx) => ({ script: ctx.cli, args: ['evolve', ctx.tree.root, '--json'] }),
    read(_ctx, result) {
      const parsed = JSON.parse(result.stdout);
      return {
        mode: parsed.build.mode,
        durationMs: parsed.build.stats.durationMs,
        stageMs: parsed.build.stats.stageMs,
        misses: parsed.cache.misses,
        rewritten: parsed.rewritten.length,
      };
    },
  },
  'sidecar-one-file': {
    label: 'sidecar, one file edited → fresh',
    group: 'product',
    runs: (ctx) => ctx.runs,
    setup: async (ctx) => {
      await ensureBuilt(ctx);
      ctx.tree.editTargets ??= midGraphTargets(ctx.tree.readGraph());
      await startBenchSidecar(ctx);
    },
    teardown: stopBenchSidecar,
    command: (ctx, run) => {
      const { address, token } = ctx.sidecar;
      const target = editTarget(ctx, run + 3000);
      return {
        script: SIDECAR_PROBE,
        args: [ctx.tree.root, address.url, token, String(address.pid), target, String(run + 3000)],
      };
    },
    // The figure is edit -> fresh as the probe saw it, and the sidecar's own CPU and memory for it.
    read(ctx, result, run) {
      const probe = JSON.parse(result.stdout);
      const fields = {
        wallMs: probe.latencyMs,
        cpuMs: probe.cpuMs,
        peakRssKb: probe.peakRssKb,
        probeWallMs: Math.round(result.wallMs),
        refreshMs: probe.refreshMs,
        refreshes: probe.refreshes,
        mode: probe.mode,
        edited: editTarget(ctx, run + 3000),
      };
      if (probe.mode !== 'incremental')
        fields.warning = `sidecar refresh mode ${probe.mode}, expected incremental`;
      return fields;
    },
  },
  depcruise: {
    label: 'dependency-cruiser',
    group: 'baseline',
    runs: (ctx) => ctx.depcruiseRuns,
    skip: (ctx) => (ctx.options.skipDepcruise ? '--skip-depcruise' : undefined),
    setup: (ctx) => ensureBenchTools(ctx.log),
    command: (ctx) => ({ script: depcruiseBin(), args: depcruiseArgs(ctx) }),
    read: (ctx) => summarizeDepcruise(readFileSync(depcruiseOutput(ctx), 'utf8')),
  },
};

function depcruiseOutput(ctx) {
  mkdirSync(ctx.scratch, { recursive: true });
  return join(ctx.scratch, `depcruise-${ctx.tree.id}.json`);
}

/** `depcruise --output-type json` over `src/` (or the whole tree), resolving tsconfig paths. */
function depcruiseArgs(ctx) {
  const root = ctx.tree.root;
  // Relative paths (the child runs in the tree root), as a user would type them.
  const args = ['--no-config', '--output-type', 'json', '--output-to', depcruiseOutput(ctx)];
  // Type-only imports are edges in our graph too; this also makes depcruise read TS without transpiling.
  args.push('--ts-pre-compilation-deps');
  if (existsSync(join(root, 'tsconfig.json'))) args.push('--ts-config', 'tsconfig.json');
  args.push('--exclude', '(^|/)(node_modules|\\.agent-context)/');
  args.push(existsSync(join(root, 'src')) ? 'src' : '.');
  return args;
}

function summarizeDepcruise(text) {
  const result = JSON.parse(text);
  let dependencies = 0;
  let unresolvedLocal = 0;
  for (const module of result.modules) {
    for (const dependency of module.dependencies) {
      dependencies += 1;
      if (dependency.couldNotResolve && /^[./]/.test(dependency.module)) unresolvedLocal += 1;
    }
  }
  return { modules: result.summary.totalCruised, dependencies, unresolvedLocal };
}

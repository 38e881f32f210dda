#!/usr/bin/env node
/**
 * `npm run bench`: the speed benchmark of the context build (issue 2). On synthetic 1k and 10k
 * file trees (or a copy of `--dir PATH`), it times, each in a child process running the built CLI
 * as a user would: the read-and-hash floor, a cold `build`, `update` with nothing changed,
 * `update` after editing one file, and dependency-cruiser building its graph of the same tree.
 * Prints medians, ratios and the targets (PASS/FAIL); `--json` prints every run as well.
 *
 * Progress goes to stderr; the table (or the JSON document) to stdout. Exit 0 when the bench ran,
 * whatever the targets say; 2 on bad options or when a command failed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureNodeScript, rssMethod } from './lib/measure.mjs';
import { formatReport } from './lib/report.mjs';
import { scenarios } from './lib/scenarios.mjs';
import { summarizeRuns } from './lib/stats.mjs';
import { evaluateTargets } from './lib/targets.mjs';
import { copiedTree, syntheticTree } from './lib/trees.mjs';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

const USAGE = `usage: node bench/run.mjs [options]   (npm run bench -- [options] builds first)

  --sizes 1000,10000    synthetic tree sizes in files (default 1000,10000)
  --dir PATH            measure a copy of this git work tree instead of synthetic trees
  --runs N              measured runs per scenario (default 5 on trees up to 2000 files, else 3)
  --depcruise-runs N    runs of dependency-cruiser (default 3 up to 2000 files, else 2)
  --skip-depcruise      do not run dependency-cruiser
  --seed N              generator seed (default 1)
  --only a,b            run only these scenarios (${Object.keys(scenarios).join(', ')})
  --keep                keep the generated trees (their paths are printed)
  --json                print every run and the medians as one JSON document
  -h, --help            this text`;

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: '1000,10000' },
      dir: { type: 'string' },
      runs: { type: 'string' },
      'depcruise-runs': { type: 'string' },
      'skip-depcruise': { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      only: { type: 'string' },
      keep: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const only = values.only ? values.only.split(',').map((id) => id.trim()) : undefined;
  for (const id of only ?? []) if (!scenarios[id]) throw new Error(`--only: unknown scenario "${id}"`);
  return {
    help: values.help,
    sizes: values.sizes.split(',').map((size) => positiveInteger(size, '--sizes')),
    dir: values.dir,
    runs: values.runs === undefined ? undefined : positiveInteger(values.runs, '--runs'),
    depcruiseRuns:
      values['depcruise-runs'] === undefined
        ? undefined
        : positiveInteger(values['depcruise-runs'], '--depcruise-runs'),
    skipDepcruise: values['skip-depcruise'],
    seed: positiveInteger(values.seed, '--seed'),
    only,
    keep: values.keep,
    json: values.json,
  };
}

function positiveInteger(text, flag) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${flag}: expected a positive integer, got "${text}"`);
  return value;
}

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

async function measureTree(tree, options, scratch) {
  const small = tree.files <= 2000;
  const ctx = {
    tree,
    options,
    cli: CLI,
    scratch,
    log,
    runs: options.runs ?? (small ? 5 : 3),
    depcruiseRuns: options.depcruiseRuns ?? (small ? 3 : 2),
    measure: (script, args) => measureNodeScript(script, args, { cwd: tree.root }),
  };
  const results = {};
  for (const [id, scenario] of Object.entries(scenarios)) {
    const skipped = options.only && !options.only.includes(id) ? '--only' : scenario.skip?.(ctx);
    results[id] = skipped
      ? { label: scenario.label, group: scenario.group, skipped }
      : await runScenario(id, scenario, ctx);
  }
  return summarizeTree(tree, results);
}

async function runScenario(id, scenario, ctx) {
  await scenario.setup?.(ctx);
  try {
    return await measureRuns(id, scenario, ctx);
  } finally {
    await scenario.teardown?.(ctx);
  }
}

async function measureRuns(id, scenario, ctx) {
  const runs = [];
  const count = scenario.runs(ctx);
  for (let run = 0; run < count; run++) {
    await scenario.before?.(ctx, run);
    const { script, args } = scenario.command(ctx, run);
    const result = await ctx.measure(script, args);
    if (result.exitCode !== 0)
      throw new Error(
        `${scenario.label} (run ${run + 1}) exited ${result.exitCode}:\n${result.stderr.slice(-2000)}`,
      );
    const record = {
      run: run + 1,
      wallMs: Math.round(result.wallMs),
      cpuMs: result.cpuMs,
      peakRssKb: result.peakRssKb,
    };
    Object.assign(record, scenario.read?.(ctx, result, run) ?? {});
    runs.push(record);
    log(`${ctx.tree.id} ${id} ${run + 1}/${count}: ${(record.wallMs / 1000).toFixed(2)} s`);
  }
  return { label: scenario.label, group: scenario.group, runs, median: summarizeRuns(runs) };
}

function summarizeTree(tree, results) {
  const medians = Object.fromEntries(
    Object.entries(results)
      .filter(([, scenario]) => !scenario.skipped)
      .map(([id, scenario]) => [
        id,
        {
          wallMs: scenario.median.wallMs,
          cpuMs: scenario.median.cpuMs,
          peakRssKb: scenario.median.peakRssKb,
        },
      ]),
  );
  const productRuns = Object.values(results).flatMap((scenario) =>
    scenario.group === 'product' ? (scenario.runs ?? []) : [],
  );
  const floorRun = results.floor?.runs?.[0];
  const coldRun = results.cold?.runs?.[0];
  const summary = {
    id: tree.id,
    label: tree.label,
    root: tree.root,
    files: coldRun?.files ?? floorRun?.files ?? tree.files,
    bytes: floorRun?.bytes ?? 0,
    scenarios: results,
    medians,
    productPeakRssKb:
      productRuns.length > 0 ? Math.max(...productRuns.map((run) => run.peakRssKb ?? 0)) : undefined,
    warnings: [...new Set(productRuns.flatMap((run) => (run.warning ? [run.warning] : [])))],
  };
  if (medians.cold && floorRun) {
    const seconds = medians.cold.wallMs / 1000;
    summary.throughput = {
      filesPerSecond: summary.files / seconds,
      mibPerSecond: summary.bytes / (1024 * 1024) / seconds,
    };
  }
  summary.graph = graphCheck(tree, results);
  summary.targets = evaluateTargets(summary);
  summary.targetsOnCpu = evaluateTargets(summary, 'cpuMs');
  return summary;
}

/** What the last build's graph says, beside what the generator planned and what depcruise found. */
function graphCheck(tree, results) {
  if (!existsSync(join(tree.root, '.agent-context', 'graph', '_head.json'))) return undefined;
  const { stats } = tree.readGraph();
  const check = { edges: stats.edges, internalEdges: stats.internalEdges, unresolved: stats.unresolved };
  if (tree.expected) check.expectedInternalEdges = tree.expected.internalEdges;
  const depcruise = results.depcruise?.runs?.at(-1);
  if (depcruise)
    check.depcruise = {
      modules: depcruise.modules,
      dependencies: depcruise.dependencies,
      unresolvedLocal: depcruise.unresolvedLocal,
    };
  return check;
}

function prepareTrees(options) {
  if (options.dir) {
    log(`copying the git-listed files of ${options.dir}`);
    return [() => copiedTree(options.dir)];
  }
  return options.sizes.map((size) => () => {
    log(`generating a ${size}-file tree (seed ${options.seed})`);
    return syntheticTree(size, options.seed);
  });
}

async function main() {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!existsSync(CLI)) {
    process.stderr.write(`${CLI} is missing: run \`npm run build\` first (npm run bench does)\n`);
    return 2;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'ocpp-bench-out-'));
  const loadAtStart = formatLoad();
  const trees = [];
  try {
    for (const makeTree of prepareTrees(options)) {
      const tree = makeTree();
      try {
        trees.push(await measureTree(tree, options, scratch));
      } finally {
        if (options.keep) log(`kept ${tree.root}`);
        else tree.dispose();
      }
    }
  } catch (error) {
    process.stderr.write(`bench failed: ${error.message}\n`);
    return 2;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    // Other processes share the machine: the 1/5/15-minute load averages at start and end say how much.
    loadAverage: { start: loadAtStart, end: formatLoad() },
    rssMethod,
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    trees,
  };
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  return 0;
}

function formatLoad() {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

process.exitCode = await main();

/** The human table: one block per tree, scenario medians, throughput, stage times, targets. */

const MIB = 1024 * 1024;

export function formatReport(report) {
  const lines = [
    `opencode-plusplus speed benchmark: ${report.date}, node ${report.node}, ${report.cpus} cores`,
    `load average (1, 5, 15 min) at start ${report.loadAverage.start}, at end ${report.loadAverage.end}`,
    `Each command runs in its own child process; times are wall-clock medians (min, max) over the runs,`,
    `cpu is the median user+system time of the child. Peak RSS and cpu: ${report.rssMethod}.`,
  ];
  for (const tree of report.trees) lines.push('', ...formatTree(tree));
  lines.push('', 'Targets are set for the 10k-file tree; on other trees they are shown for comparison.');
  return `${lines.join('\n')}\n`;
}

function formatTree(tree) {
  const cold = tree.medians.cold?.wallMs;
  const size = tree.bytes > 0 ? `, ${(tree.bytes / MIB).toFixed(1)} MiB` : '';
  const lines = [`${tree.label}: ${tree.files} files${size}`];
  if (tree.graph) lines.push(`  graph: ${describeGraph(tree.graph)}`);
  lines.push(
    `  ${pad('scenario', 26)}${padLeft('runs', 5)}${padLeft('median', 10)}${padLeft('min', 10)}${padLeft('max', 10)}${padLeft('cpu', 10)}${padLeft('peak RSS', 11)}${padLeft('vs cold', 10)}`,
  );
  for (const [id, scenario] of Object.entries(tree.scenarios)) {
    if (scenario.skipped) {
      lines.push(`  ${pad(scenario.label, 26)}  skipped (${scenario.skipped})`);
      continue;
    }
    const { median } = scenario;
    const versus = cold && id !== 'cold' ? `${formatRatio(median.wallMs / cold)}` : '';
    lines.push(
      `  ${pad(scenario.label, 26)}${padLeft(String(scenario.runs.length), 5)}${padLeft(seconds(median.wallMs), 10)}${padLeft(seconds(median.minWallMs), 10)}${padLeft(seconds(median.maxWallMs), 10)}${padLeft(seconds(median.cpuMs), 10)}${padLeft(mib(median.peakRssKb), 11)}${padLeft(versus, 10)}`,
    );
  }
  if (
    tree.scenarios.depcruise &&
    !tree.scenarios.depcruise.skipped &&
    tree.scenarios.depcruise.runs.length < 3
  )
    lines.push(
      `  (dependency-cruiser is slow on large trees: ${tree.scenarios.depcruise.runs.length} run(s) here)`,
    );
  if (tree.throughput)
    lines.push(
      `  cold build throughput: ${Math.round(tree.throughput.filesPerSecond)} files/s, ${tree.throughput.mibPerSecond.toFixed(1)} MiB/s`,
    );
  for (const id of ['cold', 'update-unchanged', 'update-one-file']) {
    const scenario = tree.scenarios[id];
    if (scenario?.median?.stageMs)
      lines.push(`  ${scenario.label} stages (median ms): ${formatStages(scenario.median)}`);
  }
  for (const warning of tree.warnings) lines.push(`  warning: ${warning}`);
  lines.push(`  targets (wall time; the same ratios on CPU time after the bar):`);
  tree.targets.forEach((target, index) => {
    lines.push(`    ${formatTarget(target)}${formatCpuTarget(target, tree.targetsOnCpu[index])}`);
  });
  return lines;
}

function describeGraph(graph) {
  const parts = [
    `${graph.edges} import edges (${graph.internalEdges} internal)`,
    `${graph.unresolved} unresolved`,
  ];
  if (graph.expectedInternalEdges !== undefined)
    parts.push(
      graph.expectedInternalEdges === graph.internalEdges
        ? 'internal edges match the generator'
        : `generator expected ${graph.expectedInternalEdges} internal edges`,
    );
  if (graph.depcruise)
    parts.push(
      `dependency-cruiser: ${graph.depcruise.dependencies} dependencies, ${graph.depcruise.unresolvedLocal} local unresolved`,
    );
  return parts.join('; ');
}

/**
 * Stages in pipeline order, then the build's own time outside them (config, manifest checks,
 * reading the README) and the process's time outside the build (start-up, imports, exit).
 */
function formatStages(median) {
  const parts = Object.entries(median.stageMs).map(([stage, ms]) => `${stage} ${Math.round(ms)}`);
  parts.push(`outside stages ${Math.round(median.outsideStagesMs)}`);
  parts.push(`process start/exit ${Math.round(median.processMs)}`);
  return parts.join(' · ');
}

function formatTarget(target) {
  if (target.status === 'skipped') return `${pad(target.label, 52)} skipped`;
  const miss = target.status === 'FAIL' ? `(off by ${target.missBy}x)` : '';
  return `${pad(target.label, 52)} ${pad(target.shown, 20)} ${target.status} ${pad(miss, 16)}`;
}

function formatCpuTarget(wallTarget, cpuTarget) {
  if (!cpuTarget || cpuTarget.status === 'skipped' || cpuTarget.value === wallTarget.value) return '';
  return `| ${cpuTarget.shown} ${cpuTarget.status}`;
}

const pad = (text, width) => text.padEnd(width);
const padLeft = (text, width) => text.padStart(width);
const seconds = (ms) =>
  ms === undefined ? '-' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 1000).toFixed(2)} s`;
const mib = (kb) => (kb === undefined ? '-' : `${Math.round(kb / 1024)} MiB`);
const formatRatio = (value) => (value >= 1 ? `${value.toFixed(1)}x` : `${(value * 100).toFixed(1)}%`);

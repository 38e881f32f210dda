/** Medians and friends over a scenario's runs. */

export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median, min and max of the wall time; medians of CPU time, peak RSS and product stage times. */
export function summarizeRuns(runs) {
  const walls = runs.map((run) => run.wallMs);
  const summary = {
    wallMs: median(walls),
    minWallMs: Math.min(...walls),
    maxWallMs: Math.max(...walls),
    cpuMs: median(runs.map((run) => run.cpuMs)),
    peakRssKb: median(runs.map((run) => run.peakRssKb)),
    maxPeakRssKb: Math.max(...runs.map((run) => run.peakRssKb ?? 0)),
  };
  if (runs.some((run) => run.durationMs !== undefined)) {
    summary.durationMs = median(runs.map((run) => run.durationMs));
    summary.stageMs = medianStages(runs.map((run) => run.stageMs ?? {}));
    // Per run, then the median: medians of parts do not add up to the median of the whole.
    summary.outsideStagesMs = median(
      runs.map((run) => run.durationMs - sum(Object.values(run.stageMs ?? {}))),
    );
    summary.processMs = median(runs.map((run) => run.wallMs - run.durationMs));
  }
  return summary;
}

function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

function medianStages(stageMaps) {
  const stages = [...new Set(stageMaps.flatMap((map) => Object.keys(map)))];
  return Object.fromEntries(stages.map((stage) => [stage, median(stageMaps.map((map) => map[stage]))]));
}

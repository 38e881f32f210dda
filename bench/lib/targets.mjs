/**
 * The speed targets of issue 2, set for the 10k-file tree (shown for every tree). Each entry says
 * how to compute its value from the medians, whether it passes, and by what factor it misses.
 * A target whose inputs were not measured (e.g. `--skip-depcruise`) is reported as skipped.
 */
const GIB_KB = 1024 * 1024;

const wall = (summary, id) => summary.medians[id]?.wallMs;

export const targets = {
  'faster-than-depcruise': {
    label: 'cold build >= 10x faster than dependency-cruiser',
    value: (summary) => ratio(wall(summary, 'depcruise'), wall(summary, 'cold')),
    format: (value) => `${value.toFixed(1)}x faster`,
    pass: (value) => value >= 10,
    shortfall: (value) => 10 / value,
  },
  'near-the-floor': {
    label: 'cold build <= 4x the read+hash floor',
    value: (summary) => ratio(wall(summary, 'cold'), wall(summary, 'floor')),
    format: (value) => `${value.toFixed(1)}x the floor`,
    pass: (value) => value <= 4,
    shortfall: (value) => value / 4,
  },
  'cheap-unchanged-update': {
    label: 'update with nothing changed < 10% of cold build',
    value: (summary) => ratio(wall(summary, 'update-unchanged'), wall(summary, 'cold')),
    format: percent,
    pass: (value) => value < 0.1,
    shortfall: (value) => value / 0.1,
  },
  'cheap-one-file-update': {
    label: 'update after one edit < 15% of cold build',
    value: (summary) => ratio(wall(summary, 'update-one-file'), wall(summary, 'cold')),
    format: percent,
    pass: (value) => value < 0.15,
    shortfall: (value) => value / 0.15,
  },
  'bounded-memory': {
    label: 'peak RSS < 1 GiB (any build or update run)',
    value: (summary) => summary.productPeakRssKb,
    format: (value) => `${Math.round(value / 1024)} MiB`,
    pass: (value) => value < GIB_KB,
    shortfall: (value) => value / GIB_KB,
  },
};

/** [{ id, label, status: 'PASS'|'FAIL'|'skipped', value?, shown?, missBy? }] */
export function evaluateTargets(summary) {
  return Object.entries(targets).map(([id, target]) => {
    const value = target.value(summary);
    if (value === undefined || !Number.isFinite(value)) return { id, label: target.label, status: 'skipped' };
    const passed = target.pass(value);
    const result = {
      id,
      label: target.label,
      status: passed ? 'PASS' : 'FAIL',
      value,
      shown: target.format(value),
    };
    if (!passed) result.missBy = Number(target.shortfall(value).toFixed(2));
    return result;
  });
}

function ratio(numerator, denominator) {
  return numerator === undefined || denominator === undefined || denominator === 0
    ? undefined
    : numerator / denominator;
}

function percent(value) {
  return `${(value * 100).toFixed(1)}% of cold`;
}

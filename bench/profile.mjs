#!/usr/bin/env node
/**
 * Summarises a V8 CPU profile (`node --cpu-prof --cpu-prof-dir=DIR dist/cli/main.js build <dir>`)
 * as the table that says where a build's time goes: self time per function, per module (file),
 * or inclusive time per function of the package (each function counted once per sampled stack).
 *
 * Usage: node bench/profile.mjs PROFILE.cpuprofile [--by function|module|inclusive] [--top N]
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const USAGE = 'usage: node bench/profile.mjs PROFILE.cpuprofile [--by function|module|inclusive] [--top N]';

/** `file:///x/dist/index/lines.js` -> `dist/index/lines.js`; node internals stay as they are. */
function shortUrl(url) {
  return url.replace(/^file:\/\//, '').replace(/.*\/(dist|node_modules)\//, '$1/');
}

function frameName(frame) {
  return `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
}

/** Sample time (microseconds) per key; `keysOf(nodeId)` gives the keys one sample is counted under. */
function tally(profile, keysOf) {
  const totals = new Map();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    total += micros;
    for (const key of keysOf(id)) totals.set(key, (totals.get(key) ?? 0) + micros);
  });
  return { totals, total };
}

export function summarise(profile, by) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  if (by === 'inclusive') {
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    return tally(profile, (id) => {
      const keys = new Set();
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const frame = nodes.get(at).callFrame;
        if (frame.url.includes('/dist/')) keys.add(frameName(frame));
      }
      return keys;
    });
  }
  return tally(profile, (id) => {
    const frame = nodes.get(id).callFrame;
    if (by === 'module') return [shortUrl(frame.url) || `(${frame.functionName || 'native'})`];
    return [frame.url ? frameName(frame) : frame.functionName || '(native)'];
  });
}

function main(argv) {
  const option = (name, fallback) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : fallback;
  };
  const file = argv.find((arg, index) => !arg.startsWith('--') && !argv[index - 1]?.startsWith('--'));
  const by = option('by', 'function');
  const top = Number(option('top', '40'));
  if (!file || !['function', 'module', 'inclusive'].includes(by) || !Number.isInteger(top) || top < 1) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  if (!existsSync(file)) {
    process.stderr.write(`no such profile: ${file}\n${USAGE}\n`);
    process.exit(2);
  }
  const { totals, total } = summarise(JSON.parse(readFileSync(file, 'utf8')), by);
  const lines = [`total ${(total / 1e3).toFixed(0)} ms sampled (${by})`];
  for (const [key, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const share = ((100 * micros) / total).toFixed(1);
    lines.push(`${(micros / 1e3).toFixed(0).padStart(7)} ms ${share.padStart(5)}%  ${key}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));

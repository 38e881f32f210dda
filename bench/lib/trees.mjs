/**
 * The trees a benchmark runs on: synthetic ones from `generate.mjs`, or a copy of a directory the
 * user names (its git-listed files, committed into a temp repo), so the bench never writes into
 * the user's work tree. Each tree also knows how to reset the product's outputs for a cold build
 * and which files to edit for the one-file update.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { commitTree, generateRepository } from '../generate.mjs';

const NOT_COPIED = /(^|\/)(\.git|\.agent-context|node_modules)\//;
const EDITABLE = /\.(ts|tsx|mts|js|jsx|mjs)$/;

export function syntheticTree(files, seed) {
  const generated = generateRepository({ files, seed });
  const tree = makeTree({
    id: `synthetic-${files}`,
    label: `synthetic ${files} files (seed ${seed})`,
    root: generated.root,
    files: generated.files,
    expected: generated.expected,
  });
  // Services modules sit mid-graph by construction (ui imports them, they import domain and shared).
  tree.editTargets = spread(generated.editable);
  return tree;
}

/** The list in a fixed order that jumps across it, so consecutive runs edit unrelated features. */
function spread(list) {
  const stride = list.length > 1 ? largestCoprimeBelow(list.length, Math.ceil(list.length / 3)) : 1;
  return list.map((_, index) => list[(index * stride) % list.length]);
}

function largestCoprimeBelow(length, start) {
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  for (let candidate = start; candidate > 1; candidate--) if (gcd(candidate, length) === 1) return candidate;
  return 1;
}

export function copiedTree(directory) {
  const source = resolve(directory);
  if (!existsSync(source) || !statSync(source).isDirectory())
    throw new Error(`--dir ${directory}: not a directory`);
  let listing;
  try {
    listing = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
      cwd: source,
      maxBuffer: 1 << 30,
    });
  } catch {
    throw new Error(`--dir ${directory}: not inside a git work tree (the bench lists files with git)`);
  }
  const root = mkdtempSync(join(tmpdir(), 'ocpp-bench-dir-'));
  let files = 0;
  for (const path of listing.toString('utf8').split('\0')) {
    if (!path || NOT_COPIED.test(path) || !existsSync(join(source, path))) continue;
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(source, path), target, { verbatimSymlinks: true, recursive: false });
    files += 1;
  }
  commitTree(root);
  return makeTree({ id: 'dir', label: source, root, files });
}

function makeTree({ id, label, root, files, expected }) {
  const agentsPath = join(root, 'AGENTS.md');
  const agentsOriginal = existsSync(agentsPath) ? readFileSync(agentsPath) : undefined;
  const tree = {
    id,
    label,
    root,
    files,
    expected,
    /** Back to "never built": no `.agent-context/`, AGENTS.md as it was committed. */
    resetOutputs() {
      rmSync(join(root, '.agent-context'), { recursive: true, force: true });
      if (agentsOriginal === undefined) rmSync(agentsPath, { force: true });
      else writeFileSync(agentsPath, agentsOriginal);
    },
    /** The graph the last build wrote (for checks and for choosing edit targets). */
    readGraph() {
      return readShardedGraph(join(root, '.agent-context', 'graph'));
    },
    editTargets: undefined,
    dispose() {
      rmSync(root, { recursive: true, force: true });
    },
  };
  return tree;
}

/**
 * For trees we did not generate: files in the middle of the graph (imported by someone and
 * importing something), ordered from the median of (in-degree × out-degree) outwards, so each run
 * edits a different, typical file.
 */
export function midGraphTargets(graph) {
  const degree = new Map();
  const bump = (path, side) => {
    const entry = degree.get(path) ?? { in: 0, out: 0 };
    entry[side] += 1;
    degree.set(path, entry);
  };
  for (const edge of graph.edges) {
    if (edge.external) continue;
    bump(edge.from, 'out');
    bump(edge.to, 'in');
  }
  const candidates = [...degree.entries()]
    .filter(([path, d]) => d.in > 0 && d.out > 0 && EDITABLE.test(path) && !/\.(test|spec)\./.test(path))
    .map(([path, d]) => ({ path, weight: d.in * d.out }))
    .sort((a, b) => a.weight - b.weight || (a.path < b.path ? -1 : 1));
  const middle = Math.floor(candidates.length / 2);
  const ordered = [];
  for (let step = 0; ordered.length < candidates.length; step++) {
    const index = step % 2 === 0 ? middle + step / 2 : middle - (step + 1) / 2;
    if (index >= 0 && index < candidates.length) ordered.push(candidates[index].path);
  }
  return ordered;
}

/** Appends a small exported function: a real edit that changes the file's facts. */
export function appendFunction(root, path, run) {
  const typed = /\.(ts|tsx|mts)$/.test(path);
  const signature = typed ? `benchEdit${run}(value: number): number` : `benchEdit${run}(value)`;
  const text = `\n/** Added by the speed benchmark, run ${run}. */\nexport function ${signature} {\n  return value + ${run};\n}\n`;
  writeFileSync(join(root, path), readFileSync(join(root, path), 'utf8') + text);
}

/** A sharded graph folder (`_head.json` and one shard per folder, see src/context/shards.ts) as one graph. */
export function readShardedGraph(folder) {
  const head = JSON.parse(readFileSync(join(folder, '_head.json'), 'utf8'));
  const shards = Object.values(head.shards).map((name) =>
    JSON.parse(readFileSync(join(folder, name), 'utf8')),
  );
  return {
    stats: head.stats,
    externals: head.externals,
    files: shards.flatMap((shard) => shard.files),
    edges: shards.flatMap((shard) => shard.edges),
    unresolved: shards.flatMap((shard) => shard.unresolved),
  };
}

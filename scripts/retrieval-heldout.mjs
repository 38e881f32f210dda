#!/usr/bin/env node
/**
 * In-process A/B harness for retrieval outside (and on) the dev set: one `git clone --shared`
 * per repository, checked out at each case's parent in turn (the context refreshes incrementally
 * from the previous case); every build under test opens its own session on the same refreshed
 * context and runs every variant, so an A/B shares the machine's load.
 *
 *   node scripts/retrieval-heldout.mjs --repo vitejs/vite,psf/black [--commits 30] \
 *     [--dists base=/tmp/base/dist,new=dist] [--variants '{"d":{},"bm25":{"mode":"plain-bm25"}}'] \
 *     [--limit N] [--depth 10] [--out cases.json] [--work /tmp/retrieval-heldout] [--mirrors /work/.mirror]
 *   node scripts/retrieval-heldout.mjs --dev ../shared/bench/dev.json [--repo colinhacks/zod] [--limit 15]
 *
 * A variant is the options of one `session.run` (`{"weights":{"cochange":0}}`); `"builds":["base"]`
 * in it runs it on those builds only, `"depth":10` keeps fewer of its top files in `--out` than
 * `--depth` (the ranks are read from the same ranking either way).
 *
 * Held-out cases are `benchmark retrieval --commits N`'s selection (the newest non-merge commits
 * with 1–4 modified source files, at most 15 files, a subject of three words or more). Mirrors
 * are bare git dirs `<mirrors>/<owner>+<name>/repo` (the search tool's `fetch`). Prints R@5,
 * R@10 and MRR per repository and variant, then the mean over repositories; `--out` keeps every
 * case's ranks and top files (with their signal contributions) for looking at misses.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = parseArgs(process.argv.slice(2));
const here = path.dirname(fileURLToPath(import.meta.url));
const distSpecs = (args.dists ?? `new=${path.join(here, '..', 'dist')}`)
  .split(',')
  .map((spec) => spec.split('='));
const builds = [];
for (const [name, dir] of distSpecs) {
  const absolute = path.resolve(dir);
  builds.push({
    name,
    session: await import(path.join(absolute, 'api', 'retrieval-session.js')),
    bench: await import(path.join(absolute, 'bench', 'retrieval.js')),
  });
}
const variants = JSON.parse(args.variants ?? '{"d":{},"bm25":{"mode":"plain-bm25"}}');
const limit = Number(args.limit ?? Number.POSITIVE_INFINITY);
const depth = Number(args.depth ?? 10);
const work = args.work ?? '/tmp/retrieval-heldout';
const mirrors = args.mirrors ?? '/work/.mirror';

function parseArgs(argv) {
  const parsed = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (!argv[i].startsWith('--')) continue;
    const next = argv[i + 1];
    const hasValue = next !== undefined && !next.startsWith('--');
    parsed[argv[i].slice(2)] = hasValue ? next : 'true';
    if (hasValue) i += 1;
  }
  return parsed;
}

function git(gitArgs) {
  return execFileSync('git', gitArgs, {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const mirrorOf = (repo) => path.join(mirrors, repo.replace('/', '+'), 'repo');

/** The newest qualifying commits of a mirror: `benchmark retrieval --commits`'s own selection. */
async function heldOutCases(repo, wanted, scan = 400) {
  const selecting = builds.find((build) => build.bench.qualifyingCommits);
  if (!selecting) throw new Error('no build under test exports qualifyingCommits (dist/bench/retrieval.js)');
  const found = await selecting.bench.qualifyingCommits(mirrorOf(repo), wanted, scan);
  return found.map((entry) => ({ id: `${repo}@${entry.sha.slice(0, 8)}`, repo, ...entry }));
}

function devCases(file) {
  let cases = JSON.parse(readFileSync(file, 'utf8')).cases;
  if (args.repo) cases = cases.filter((entry) => args.repo.split(',').includes(entry.repo));
  if (args.ids) cases = cases.filter((entry) => args.ids.split(',').includes(entry.id));
  cases.sort((a, b) => (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : a.date < b.date ? 1 : -1));
  const taken = new Map();
  return cases.filter((entry) => {
    const count = (taken.get(entry.repo) ?? 0) + 1;
    taken.set(entry.repo, count);
    return count <= limit;
  });
}

/** A clone per repository, checked out at the case's parent; fonts are left out (excalidraw's mirror lacks them). */
function checkout(entry) {
  const dir = path.join(work, entry.repo.replace('/', '+'));
  if (!existsSync(dir)) {
    mkdirSync(work, { recursive: true });
    git(['clone', '-q', '--shared', '--no-checkout', mirrorOf(entry.repo), dir]);
    git(['-C', dir, 'sparse-checkout', 'set', '--no-cone', '/*', '!*.ttf', '!*.woff2', '!*.woff', '!*.otf']);
  }
  git(['-C', dir, 'checkout', '-f', '-q', '--detach', entry.parent]);
  git(['-C', dir, 'clean', '-fdq', '-e', '.agent-context']);
  return dir;
}

async function runCase(entry, results) {
  const dir = checkout(entry);
  const task = entry.body ? `${entry.subject}\n\n${entry.body}` : entry.subject;
  const row = {
    id: entry.id,
    repo: entry.repo,
    gold: entry.gold,
    subject: entry.subject,
    runs: {},
    open: {},
  };
  for (const build of builds) {
    const opened = performance.now();
    const session = await build.session.openRetrieval(dir, {});
    row.open[build.name] = (performance.now() - opened) / 1000;
    for (const [variant, { builds: only, depth: kept = depth, ...options }] of Object.entries(variants)) {
      if (only && !only.includes(build.name)) continue;
      const name = builds.length > 1 ? `${build.name}_${variant}` : variant;
      const started = performance.now();
      const files = (await session.run(task, { top: Math.max(depth, 10), tests: 0, ...options })).retrieval
        .files;
      const seconds = (performance.now() - started) / 1000;
      const paths = files.map((file) => file.path);
      const ranks = entry.gold.map((gold) => paths.indexOf(gold) + 1 || null);
      const top = files
        .slice(0, kept)
        .map((file) => ({ path: file.path, kind: file.kind, score: file.score, signals: file.signals }));
      row.runs[name] = { ranks, seconds, top };
      record(results, entry.repo, name, ranks);
    }
    await session.close();
  }
  return row;
}

/** Ranks past 10 count as misses: the figures are R@5, R@10 and MRR over the top 10. */
function record(results, repo, name, ranks) {
  results[repo] = results[repo] ?? {};
  results[repo][name] = results[repo][name] ?? [];
  results[repo][name].push(ranks.map((rank) => (rank && rank <= 10 ? rank : null)));
}

function metrics(rankLists) {
  const recall = (k) =>
    rankLists.reduce(
      (sum, ranks) => sum + ranks.filter((rank) => rank && rank <= k).length / ranks.length,
      0,
    ) / rankLists.length;
  const mrr =
    rankLists.reduce((sum, ranks) => {
      const found = ranks.filter(Boolean);
      return sum + (found.length > 0 ? 1 / Math.min(...found) : 0);
    }, 0) / rankLists.length;
  return [recall(5), recall(10), mrr];
}

const format = (values) => values.map((value) => value.toFixed(3)).join(' ');

const cases = args.dev
  ? devCases(args.dev)
  : (
      await Promise.all(args.repo.split(',').map((repo) => heldOutCases(repo, Number(args.commits ?? 30))))
    ).flatMap((found) => found.slice(0, limit));
const results = {};
const rows = [];
for (const entry of cases) {
  let row;
  try {
    row = await runCase(entry, results);
  } catch (error) {
    console.error(entry.id, 'skipped:', String(error.message).split('\n')[0]);
    continue;
  }
  rows.push(row);
  const summary = Object.entries(row.runs)
    .map(
      ([name, run]) =>
        `${name}:${run.ranks.map((rank) => rank ?? '-').join(',')}(${run.seconds.toFixed(2)}s)`,
    )
    .join(' ');
  const opens = Object.values(row.open)
    .map((seconds) => seconds.toFixed(1))
    .join('/');
  console.error(entry.id, `open ${opens}s`, summary, entry.subject.slice(0, 70));
  if (args.out) {
    // Rewritten after every case: through a temporary file, so a reader never sees half of it.
    writeFileSync(`${args.out}.tmp`, JSON.stringify(rows, null, 1));
    renameSync(`${args.out}.tmp`, args.out);
  }
}
const perRepository = {};
for (const [repo, byVariant] of Object.entries(results)) {
  const line = Object.entries(byVariant).map(([name, lists]) => {
    const values = metrics(lists);
    perRepository[name] = [...(perRepository[name] ?? []), values];
    return `${name}: ${format(values)}`;
  });
  console.log(`${repo.padEnd(24)} ${line.join(' | ')}`);
}
const means = Object.entries(perRepository).map(
  ([name, list]) =>
    `${name}: ${format([0, 1, 2].map((i) => list.reduce((sum, values) => sum + values[i], 0) / list.length))}`,
);
console.log(`${'MEAN over repositories'.padEnd(24)} ${means.join(' | ')}  (R@5 R@10 MRR)`);

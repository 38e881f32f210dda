#!/usr/bin/env node
// Throughput of the TypeScript adapter's two paths on the same files: the fast scanner
// (falling back to oxc where it declines) against oxc alone, as single-thread CPU time (median
// of three passes after a warm-up), plus the share of files the scanner answers and why it
// declines the rest. Needs `npm run build` first.
//
//   node scripts/measure-typescript-fast-path.mjs [directory ...]
//
// Without arguments it reads the corpus of test/index/languages/typescript-fast-path.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { typescriptAdapter, extractWithOxc, extractWithScanner } = await import(
  join(root, 'dist/index/languages/typescript.js')
);
const { scanModule } = await import(join(root, 'dist/index/languages/typescript-fast-path/top-level.js'));

const DEFAULT_DIRECTORIES = ['zod', 'commander', 'vitest', 'vite', 'typescript/lib']
  .map((name) => join(root, 'node_modules', name))
  .concat(join(root, 'src'));
const directories = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_DIRECTORIES;

function sourceFiles(directory, found = []) {
  for (const name of readdirSync(directory).sort()) {
    if (name === '.git' || name === '.agent-context') continue;
    const path = join(directory, name);
    const stats = statSync(path);
    if (stats.isDirectory()) sourceFiles(path, found);
    else if (/\.[cm]?[jt]s$/.test(name) && stats.size <= 1 << 20) found.push(path);
  }
  return found;
}

const inputs = directories.flatMap((directory) =>
  sourceFiles(directory).map((file) => ({
    path: relative(directory, file),
    text: readFileSync(file, 'utf8'),
  })),
);
const megabytes = inputs.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0) / 1e6;

function cpuMilliseconds(run) {
  run();
  const passes = [];
  for (let pass = 0; pass < 3; pass++) {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    passes.push((used.user + used.system) / 1000);
  }
  return passes.sort((a, b) => a - b)[1];
}

const declined = new Map();
let answered = 0;
for (const { path, text } of inputs) {
  const result = scanModule(path, text);
  if ('outline' in result) answered++;
  else declined.set(result.declined, (declined.get(result.declined) ?? 0) + 1);
}

function each(extract) {
  return () => {
    for (const { path, text } of inputs) extract(path, text);
  };
}

const oxc = cpuMilliseconds(each(extractWithOxc));
const scanner = cpuMilliseconds(each(extractWithScanner));
const adapter = cpuMilliseconds(each((path, text) => typescriptAdapter.extract({ path, text })));
const rate = (milliseconds) => `${((megabytes / milliseconds) * 1000).toFixed(1)} MB/s`;

console.log(`${inputs.length} files, ${megabytes.toFixed(1)} MB`);
console.log(`scanner answers ${answered} (${((100 * answered) / inputs.length).toFixed(1)}%)`);
for (const [reason, count] of [...declined].sort((a, b) => b[1] - a[1]))
  console.log(`  declined ${count}: ${reason}`);
console.log(`oxc path            ${oxc.toFixed(0).padStart(6)} ms  ${rate(oxc)}`);
console.log(`scanner only        ${scanner.toFixed(0).padStart(6)} ms  ${rate(scanner)}`);
console.log(
  `adapter (scanner, oxc where it declines) ${adapter.toFixed(0)} ms  ${rate(adapter)}  ${(oxc / adapter).toFixed(1)}x`,
);

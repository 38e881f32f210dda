#!/usr/bin/env node
// Code-health figures recorded in docs/design.md: function length (median, p90, max, in lines
// from the line of `function`/`=>` to the line of its closing brace, every function, method and
// arrow with a body counted, nested ones too) and the files over 400 lines. Parses with
// oxc-parser so the figure does not depend on formatting heuristics.
//
//   node scripts/measure-code-health.mjs [directory]   (default: src)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

const root = fileURLToPath(new URL('..', import.meta.url));
const directory = join(root, process.argv[2] ?? 'src');
const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function sourceFiles(folder, found = []) {
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (/\.[cm]?ts$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function lineStarts(text) {
  const starts = [0];
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) === 10) starts.push(index + 1);
  }
  return starts;
}

function lineOf(starts, offset) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** Every function-like node with a block body; an arrow with an expression body counts too. */
function collectFunctions(node, found) {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) collectFunctions(child, found);
    return;
  }
  if (FUNCTION_TYPES.has(node.type) && node.body) found.push({ start: node.start, end: node.end });
  for (const key of Object.keys(node)) {
    if (key !== 'type' && key !== 'start' && key !== 'end') collectFunctions(node[key], found);
  }
}

function percentile(sorted, share) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

const lengths = [];
const longFiles = [];
let longest = { lines: 0, where: '' };
for (const file of sourceFiles(directory)) {
  const text = readFileSync(file, 'utf8');
  const name = relative(root, file);
  const starts = lineStarts(text);
  const fileLines = text.endsWith('\n') ? starts.length - 1 : starts.length;
  if (fileLines > 400) longFiles.push({ name, lines: fileLines });
  const functions = [];
  collectFunctions(parseSync(file, text).program, functions);
  for (const { start, end } of functions) {
    const lines = lineOf(starts, end) - lineOf(starts, start) + 1;
    lengths.push(lines);
    if (lines > longest.lines) longest = { lines, where: `${name}:${lineOf(starts, start)}` };
  }
}
lengths.sort((a, b) => a - b);
console.log(`functions: ${lengths.length}`);
console.log(
  `function lines: p50 ${percentile(lengths, 0.5)}, p90 ${percentile(lengths, 0.9)}, max ${longest.lines} (${longest.where})`,
);
console.log(`files over 400 lines: ${longFiles.length}`);
for (const { name, lines } of longFiles.sort((a, b) => b.lines - a.lines)) {
  console.log(`  ${lines} ${name}`);
}

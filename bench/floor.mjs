#!/usr/bin/env node
/**
 * The floor: list the files git lists (tracked and untracked, not ignored, as the product does),
 * read each one sequentially and SHA-256 it. No tool that looks at every file can beat this by
 * much, so the cold build is measured against it.
 *
 * Usage: node bench/floor.mjs <dir>   -> one JSON line: { files, bytes, ms }
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Paths the product never scans either (its outputs, VCS internals, installed packages). */
const EXCLUDED = /(^|\/)(\.git|\.agent-context|node_modules)\//;

export function readAndHashAll(root) {
  const started = performance.now();
  const listing = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: root,
    maxBuffer: 1 << 30,
  }).toString('utf8');
  const paths = listing.split('\0').filter((path) => path.length > 0 && !EXCLUDED.test(path));
  let bytes = 0;
  let files = 0;
  for (const path of paths) {
    let content;
    try {
      content = readFileSync(join(root, path));
    } catch {
      continue; // listed but deleted, or a directory (submodule): the product skips it too
    }
    createHash('sha256').update(content).digest('hex');
    bytes += content.length;
    files += 1;
  }
  return { files, bytes, ms: Math.round(performance.now() - started) };
}

const root = process.argv[2];
if (!root) {
  process.stderr.write('usage: node bench/floor.mjs <dir>\n');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(readAndHashAll(root))}\n`);

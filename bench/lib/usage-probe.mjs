/**
 * Fallback probe where GNU time is missing: runs a node script in this process and, on exit,
 * writes "<max RSS KiB> <user s> <system s>" to a file, as `/usr/bin/time -f '%M %U %S'` would.
 *
 * Usage: node bench/lib/usage-probe.mjs <usage-file> <script> [args...]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [usageFile, script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], resolve(script), ...args];
process.on('exit', () => {
  const usage = process.resourceUsage();
  writeFileSync(usageFile, `${usage.maxRSS} ${usage.userCPUTime / 1e6} ${usage.systemCPUTime / 1e6}\n`);
});
await import(pathToFileURL(resolve(script)).href);

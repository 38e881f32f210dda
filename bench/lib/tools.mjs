/**
 * The tools the bench compares against live in `bench/tools/` with their own package.json and
 * lockfile, so they never become dependencies of the package. Installed on first use.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TOOLS = fileURLToPath(new URL('../tools/', import.meta.url));

export function depcruiseBin() {
  return fileURLToPath(
    new URL('../tools/node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url),
  );
}

export function ensureBenchTools(log) {
  if (existsSync(depcruiseBin())) return;
  log('installing bench/tools (dependency-cruiser) with npm ci --prefix bench/tools');
  execFileSync('npm', ['ci', '--prefix', TOOLS, '--no-audit', '--no-fund'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

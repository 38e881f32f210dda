import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/repo.js';

const SCRIPT = join(import.meta.dirname, '../../bench/profile.mjs');

describe('bench/profile.mjs', () => {
  it('names the function a real profile spent its time in, by self and by module', () => {
    const dir = makeTempDir('ocpp-profile-');
    writeFileSync(
      join(dir, 'busy.mjs'),
      'function spinForAWhile() { let x = 0; const end = Date.now() + 300; while (Date.now() < end) x += Math.sqrt(x + 1); return x; }\nspinForAWhile();\n',
    );
    execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, join(dir, 'busy.mjs')]);
    const profile = join(dir, readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!);
    const byFunction = execFileSync(process.execPath, [SCRIPT, profile, '--top', '3'], { encoding: 'utf8' });
    expect(byFunction).toMatch(/^total \d+ ms sampled \(function\)\n/);
    expect(byFunction.split('\n').slice(1, 4).join('\n')).toContain('spinForAWhile');
    const byModule = execFileSync(process.execPath, [SCRIPT, profile, '--by', 'module'], {
      encoding: 'utf8',
    });
    expect(byModule).toContain('busy.mjs');
  });

  it('refuses a missing profile or an unknown grouping with exit code 2', () => {
    const run = spawnSync(process.execPath, [SCRIPT, 'x.cpuprofile', '--by', 'colour'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: node bench/profile.mjs');
    const missing = spawnSync(
      process.execPath,
      [SCRIPT, join(makeTempDir('ocpp-profile-'), 'none.cpuprofile')],
      {
        encoding: 'utf8',
      },
    );
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such profile');
  });
});

/** The commands: bad input is a clear error (exit 2, no stack trace) before anything is written; `agent run` is one iteration. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/repo.js';
import { BROKEN_MATH, makeProject, STRING_TEST, TASK, writeScript } from './project.js';

const env = { PATH: process.env.PATH ?? '' };

describe('orchestrate commands', () => {
  it('a missing executor binary: exit 2, how to install it, nothing written', async () => {
    const root = makeProject();
    const run = await runCliInProcess(['orchestrate', TASK, root, '--executor', 'codex', '--json'], root, {
      PATH: makeTempDir(),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('needs `codex`, which is not on PATH');
    expect(run.stderr).toContain('npm install -g @openai/codex');
    expect(run.stderr).not.toContain('    at ');
    expect(JSON.parse(run.stdout).error.code).toBe('NOT_FOUND');
    expect(existsSync(join(root, '.agent-context'))).toBe(false);
  });

  it('shell syntax in a command template and a malformed mock script are refused', async () => {
    const root = makeProject();
    const piped = await runCliInProcess(
      ['orchestrate', TASK, root, '--executor', 'command', '--command', 'node agent.mjs | tee log'],
      root,
      env,
    );
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('contains shell syntax ("|")');
    const bad = writeScript([{ write: { 'a.js': 'x' } }]).replace('script.json', 'bad.json');
    (await import('node:fs')).writeFileSync(bad, '{"schemaVersion": 1, "iterations": [{"writes": {}}]}');
    const script = await runCliInProcess(
      ['orchestrate', TASK, root, '--executor', 'mock', '--script', bad],
      root,
      env,
    );
    expect(script.code).toBe(2);
    expect(script.stderr).toMatch(/bad\.json:1:\d+: unknown key "writes"/);
    expect(existsSync(join(root, '.agent-context'))).toBe(false);
  });

  it('agent run is one iteration: a failing change stops at the loop budget with human-review, exit 1', async () => {
    const root = makeProject();
    const script = writeScript([{ write: { 'src/math.js': BROKEN_MATH, 'test/math.test.js': STRING_TEST } }]);
    const run = await runCliInProcess(
      ['agent', 'run', TASK, root, '--executor', 'mock', '--script', script, '--json'],
      root,
      env,
    );
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result.decision).toMatchObject({
      action: 'human-review',
      reason: 'max-loops',
      rawAction: 'repair',
    });
    expect(result.iterations).toHaveLength(1);
    expect(Object.keys(result).sort()).toEqual([
      'applied',
      'convergence',
      'decision',
      'iterations',
      'patch',
      'runId',
      'state',
    ]);
    expect(run.stderr).toContain('phase execute (iteration 1)');
  });
});

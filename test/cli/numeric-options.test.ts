import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo } from '../helpers/repo.js';

const ROOT = '<root>';

describe('numeric options are validated like --top', () => {
  it.each([
    [
      ['memory', 'search', 'parser', ROOT, '--limit', 'abc'],
      '--limit must be a whole number of at least 1, got "abc"',
    ],
    [
      ['memory', 'served', '-C', ROOT, '--limit', '0'],
      '--limit must be a whole number of at least 1, got "0"',
    ],
    [
      ['retrieve', 'fix the parser', ROOT, '--top', '2x'],
      '--top must be a whole number of at least 1, got "2x"',
    ],
    [['build', ROOT, '--wait', '1e3'], '--wait must be a whole number of at least 0, got "1e3"'],
    [['sidecar', ROOT, '--port', '0x10'], '--port must be a whole number of at least 0, got "0x10"'],
    [['sidecar', ROOT, '--port', '70000'], '--port must be a port number (0-65535), got "70000"'],
    [['tests', ROOT, '--share', '0'], '--share: expected a number above 0 and at most 1, got "0"'],
    [
      ['benchmark', 'tests', ROOT, '--share', 'half'],
      '--share: expected a number above 0 and at most 1, got "half"',
    ],
    [
      ['trace', 'run', 'T-1', ROOT, '--timeout', '2x', '--', 'true'],
      '--timeout must be a whole number of at least 1, got "2x"',
    ],
  ])('%j: exit 2 with a clear message', async (args, message) => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const run = await runCliInProcess(
      args.map((arg) => (arg === ROOT ? root : arg)),
      root,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

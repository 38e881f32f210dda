import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo } from '../helpers/repo.js';

describe('numeric options are validated like --top', () => {
  it.each([
    [
      ['memory', 'search', 'parser', '--limit', 'abc'],
      '--limit must be a whole number of at least 1, got "abc"',
    ],
    [['memory', 'served', '--limit', '0'], '--limit must be a whole number of at least 1, got "0"'],
    [['retrieve', 'fix the parser', '--top', '2x'], '--top must be a whole number of at least 1, got "2x"'],
  ])('%j: exit 2 with a clear message', async (args, message) => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const run = await runCliInProcess([...args, ...(args[0] === 'retrieve' ? [root] : ['-C', root])], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

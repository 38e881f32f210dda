import { describe, expect, it, vi } from 'vitest';
import { headCommit } from '../../src/shared/git.js';
import { git, makeRepo } from '../helpers/repo.js';

// Starting git is what the reader saves (a sidecar asks after every edit): any attempt fails here.
vi.mock('../../src/shared/spawn.js', async (original) => ({
  ...(await original<typeof import('../../src/shared/spawn.js')>()),
  runProcess: async (command: string) => {
    throw new Error(`${command} must not run`);
  },
}));

describe('headCommit', () => {
  it('answers from the repository files without starting git', async () => {
    const root = makeRepo({ 'a.txt': 'a\n' });
    expect(await headCommit(root)).toBe(git(root, 'rev-parse', 'HEAD').trim());
  });
});

/**
 * What memory serves: live lessons and the skills a person approved, in AGENTS.md and in task
 * packs alike. A pending or rejected proposal is never served.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryAdd } from '../../src/api/memory.js';
import { pack, packMarkdown } from '../../src/api/retrieval.js';
import { readLessonLines } from '../../src/context/agents-lessons.js';
import { approveProposal, proposeSkill, rejectProposal } from '../../src/memory/proposals.js';
import { findServed } from '../../src/memory/serving.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo } from '../helpers/repo.js';
import { retryProject } from '../retrieve/fixture.js';

const TASK = 'fix the timeout when a retry is aborted';
const procedure = '1. Reproduce with `npm test -- retry`.\n2. Clear the timer in the abort path.';

async function repoWithSkills(): Promise<string> {
  const root = makeRepo(retryProject);
  await memoryAdd('Run the retry tests with fake timers; real timers make them flaky', root);
  await proposeSkill(root, { title: 'Debug a retry timeout', procedure });
  await proposeSkill(root, { title: 'Publish the docs site', procedure: '1. Run `npm run docs`.' });
  await proposeSkill(root, { title: 'Rotate the retry secrets', procedure: '1. Ask ops.' });
  await approveProposal(root, 'P-0001');
  await rejectProposal(root, 'P-0003', 'ops does this');
  return root;
}

describe('serving lessons and approved skills', () => {
  it('serves the approved skill with the lessons, never a pending or rejected proposal', async () => {
    const root = await repoWithSkills();
    const served = await findServed(root);
    expect(served.map((item) => item.id).sort()).toEqual(['L-0001', 'P-0001']);
    expect(served.find((item) => item.id === 'P-0001')!.line).toBe(
      '[skill P-0001] Debug a retry timeout (.agent-context/memory/skills/debug-a-retry-timeout.md)',
    );
    expect(await readLessonLines(root)).toContain(
      '[skill P-0001] Debug a retry timeout (.agent-context/memory/skills/debug-a-retry-timeout.md)',
    );
  });

  it('puts the approved skill in AGENTS.md and in the pack of a task it matches', async () => {
    const root = await repoWithSkills();
    const build = runCli(['build', root], root);
    expect(build.code, build.stderr).toBe(0);
    const agents = readFileSync(join(root, 'AGENTS.md'), 'utf8');
    expect(agents).toContain('- [skill P-0001] Debug a retry timeout');
    expect(agents).toContain('- [lesson L-0001] Run the retry tests with fake timers');
    expect(agents).not.toContain('P-0002');

    const result = await pack(TASK, root);
    expect(result.lessons.map((item) => item.id)).toContain('P-0001');
    expect(packMarkdown(result)).toContain('- [skill P-0001] Debug a retry timeout');
    const unrelated = await pack('publish the changelog page', root);
    expect(unrelated.lessons.map((item) => item.id)).not.toContain('P-0001');
  });
});

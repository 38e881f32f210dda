/**
 * `orchestrate --executor claude` with the real Claude Code CLI (pinned in .tools/) against a
 * scripted Messages API on 127.0.0.1: the agent reads and rewrites the file in the sandbox, runs
 * the tests, and the gates finalize; the stream is normalized into AgentEvents on disk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orchestrate } from '../../src/api/orchestrate.js';
import { FIXED_MATH, makeProject, project, STRING_TEST, TASK } from '../orchestrate/project.js';
import { agentBin, isolatedEnv } from './agents.js';
import { type ScriptedAnthropic, type Step, startAnthropic } from './anthropic-server.js';

const CLAUDE = agentBin('claude');
let server: ScriptedAnthropic | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
beforeAll(() => {
  if (!existsSync(CLAUDE))
    throw new Error(`Claude Code is not installed: run scripts/install-agent-clis.sh (looked for ${CLAUDE})`);
});

/** Claude's system prompt names its working directory: the sandbox, which the script cannot know in advance. */
function inSandbox(make: (directory: string) => Step): Step {
  return {
    decide: (turn) => {
      const directory = /(\/[^\s"\\]*\/\.agent-context\/worktrees\/orc-[0-9a-z-]+)/.exec(turn.text)?.[1];
      return directory ? make(directory) : { text: 'I cannot tell where the sandbox is.' };
    },
  };
}

describe('orchestrate with Claude Code', () => {
  it('edits in the sandbox, runs the tests, finalizes; events normalized', async () => {
    server = await startAnthropic([
      inSandbox((dir) => ({ tool: 'Read', input: { file_path: join(dir, 'src/math.js') } })),
      inSandbox((dir) => ({
        tool: 'Write',
        input: { file_path: join(dir, 'src/math.js'), content: FIXED_MATH },
      })),
      inSandbox((dir) => ({ tool: 'Read', input: { file_path: join(dir, 'test/math.test.js') } })),
      inSandbox((dir) => ({
        tool: 'Write',
        input: { file_path: join(dir, 'test/math.test.js'), content: STRING_TEST },
      })),
      { tool: 'Bash', input: { command: 'node --test test/', description: 'run the tests' } },
      { text: 'Changed src/math.js and its test; node --test test/ exits 0.' },
    ]);
    const root = makeProject();
    const env = isolatedEnv({
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'sk-ant-test-0000',
      DISABLE_AUTOUPDATER: '1',
    });
    const result = await orchestrate(TASK, root, {
      executor: 'claude',
      executorBin: CLAUDE,
      model: 'claude-sonnet-4-5',
      maxLoops: 2,
      timeoutMs: 120_000,
      env,
    });
    const dir = result.iterations[0]!.dir;
    const executed = JSON.parse(readFileSync(join(root, dir, 'executor.result.json'), 'utf8'));
    expect(executed.exitCode, executed.stderrTail).toBe(0);
    expect(result.decision?.action).toBe('finalize');
    expect(executed.argv.slice(1, 5)).toEqual(['-p', '--output-format', 'stream-json', '--verbose']);
    expect(
      executed.summary.filesEdited.map((path: string) => path.replace(/.*\/worktrees\/[^/]+\//, '')),
    ).toEqual(['src/math.js', 'test/math.test.js']);
    expect(executed.summary.commands).toEqual([{ command: 'node --test test/', exitCode: 0 }]);
    expect(executed.summary.usage.outputTokens).toBeGreaterThan(0);
    expect(readFileSync(join(root, result.patch!), 'utf8')).toContain('Number(a) + Number(b)');
    expect(readFileSync(join(root, 'src/math.js'), 'utf8')).toBe(project['src/math.js']);
    expect(server.remaining()).toBe(0);
  });
});

/**
 * `oc run` (orchestrate with the opencode executor) with the real OpenCode CLI (pinned in .tools/)
 * against a scripted Chat Completions API on 127.0.0.1, configured through OPENCODE_CONFIG the
 * way a user points OpenCode at an OpenAI-compatible provider.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orchestrate } from '../../src/api/orchestrate.js';
import { FIXED_MATH, makeProject, project, STRING_TEST, TASK } from '../orchestrate/project.js';
import { agentBin, opencodeEnv } from './agents.js';
import { type OpenAiStep, type ScriptedOpenAi, startChatCompletions } from './openai-servers.js';

const OPENCODE = agentBin('opencode');
let server: ScriptedOpenAi | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
beforeAll(() => {
  if (!existsSync(OPENCODE))
    throw new Error(`OpenCode is not installed: run scripts/install-agent-clis.sh (looked for ${OPENCODE})`);
});

/** OpenCode's tools take absolute paths: find the sandbox in the request. */
function inSandbox(make: (directory: string) => OpenAiStep): OpenAiStep {
  return {
    decide: (turn) => {
      const directory = /(\/[^\s"\\]*\/\.agent-context\/worktrees\/orc-[0-9a-z-]+)/.exec(turn.text)?.[1];
      return directory ? make(directory) : { text: 'I cannot tell where the sandbox is.' };
    },
  };
}

describe('orchestrate with OpenCode', () => {
  it('reads, writes and tests in the sandbox; the gates finalize', async () => {
    server = await startChatCompletions([
      inSandbox((dir) => ({ call: 'read', arguments: { filePath: join(dir, 'src/math.js') } })),
      inSandbox((dir) => ({
        call: 'write',
        arguments: { filePath: join(dir, 'src/math.js'), content: FIXED_MATH },
      })),
      inSandbox((dir) => ({ call: 'read', arguments: { filePath: join(dir, 'test/math.test.js') } })),
      inSandbox((dir) => ({
        call: 'write',
        arguments: { filePath: join(dir, 'test/math.test.js'), content: STRING_TEST },
      })),
      { call: 'bash', arguments: { command: 'node --test test/', description: 'run the tests' } },
      { text: 'Changed src/math.js and its test; the tests pass.' },
    ]);
    const root = makeProject();
    const env = opencodeEnv(server.url);
    const result = await orchestrate(TASK, root, {
      executor: 'opencode',
      executorBin: OPENCODE,
      model: 'gw/m',
      maxLoops: 2,
      timeoutMs: 180_000,
      env,
    });
    const dir = result.iterations[0]!.dir;
    const executed = JSON.parse(readFileSync(join(root, dir, 'executor.result.json'), 'utf8'));
    expect(executed.exitCode, executed.stderrTail).toBe(0);
    expect(result.decision?.action).toBe('finalize');
    expect(executed.argv.slice(1, 4)).toEqual(['run', '--format', 'json']);
    expect(
      executed.summary.filesEdited.map((path: string) => path.replace(/.*\/worktrees\/[^/]+\//, '')),
    ).toEqual(['src/math.js', 'test/math.test.js']);
    expect(executed.summary.commands).toEqual([{ command: 'node --test test/', exitCode: 0 }]);
    expect(readFileSync(join(root, 'src/math.js'), 'utf8')).toBe(project['src/math.js']);
    expect(server.remaining()).toBe(0);
  });
});

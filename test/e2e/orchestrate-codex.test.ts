/**
 * `orchestrate --executor codex` with the real Codex CLI (pinned in .tools/) against a scripted
 * Responses API on 127.0.0.1, configured the way a user points Codex at their own provider
 * (`-c model_providers.…` through --executor-arg, CODEX_HOME isolated).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orchestrate } from '../../src/api/orchestrate.js';
import { FIXED_MATH, makeProject, STRING_TEST, TASK } from '../orchestrate/project.js';
import { agentBin, codexProviderArgs, isolatedEnv } from './agents.js';
import { type ScriptedOpenAi, startResponses } from './openai-servers.js';

const CODEX = agentBin('codex');
let server: ScriptedOpenAi | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
beforeAll(() => {
  if (!existsSync(CODEX))
    throw new Error(`Codex is not installed: run scripts/install-agent-clis.sh (looked for ${CODEX})`);
});

const write = (path: string, content: string) => ({
  call: 'exec_command',
  arguments: { cmd: `cat > ${path} <<'OCPP_EOF'\n${content}OCPP_EOF` },
});

describe('orchestrate with Codex', () => {
  it('a first attempt that breaks the tests is repaired, then finalizes', async () => {
    server = await startResponses([
      write('src/math.js', '/** Adds numbers. */\nexport function add(a, b) {\n  return a - b;\n}\n'),
      write('test/math.test.js', STRING_TEST),
      { text: 'Changed src/math.js.' },
      write('src/math.js', FIXED_MATH),
      { call: 'exec_command', arguments: { cmd: 'node --test test/' } },
      { text: 'Fixed; node --test test/ passes.' },
    ]);
    const root = makeProject();
    const result = await orchestrate(TASK, root, {
      executor: 'codex',
      executorBin: CODEX,
      model: 'gpt-5',
      executorArgs: codexProviderArgs(server.url),
      maxLoops: 3,
      timeoutMs: 120_000,
      env: isolatedEnv({ GW_KEY: 'test-key' }),
    });
    expect(result.iterations.map((entry) => entry.action)).toEqual(['repair', 'finalize']);
    const first = JSON.parse(
      readFileSync(join(root, result.iterations[0]!.dir, 'executor.result.json'), 'utf8'),
    );
    expect(first.exitCode, first.stderrTail).toBe(0);
    expect(first.argv).toContain('--skip-git-repo-check');
    expect(first.summary.commands.length).toBe(2);
    expect(first.summary.usage.inputTokens).toBeGreaterThan(0);
    const second = readFileSync(join(root, result.iterations[1]!.dir, 'prompt.md'), 'utf8');
    expect(second).toMatch(/`node --test[^`]*` fails/);
    const events = readFileSync(join(root, result.iterations[1]!.dir, 'executor.events.jsonl'), 'utf8');
    expect(events).toContain('"exitCode":0');
    expect(server.turns.length).toBeGreaterThanOrEqual(6);
  });
});

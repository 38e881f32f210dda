/**
 * The real Codex CLI (pinned in .tools/) with the hooks `install codex` writes, against a scripted
 * Responses API on 127.0.0.1: the served lesson reaches the model at SessionStart, every tool call
 * and turn end is counted, the notify program runs, and a reflection session is refused a shell
 * command that is not a memory call. Hook trust is bypassed per run (`--dangerously-bypass-hook-trust`),
 * the way automation that vetted its hooks runs Codex; a person trusts them once with /hooks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';
import { agentBin, codexProviderArgs, isolatedEnv } from './agents.js';
import { addLesson, hookLog, installHooks, runAgent, waitForRecord } from './hooks.js';
import { type OpenAiStep, type ScriptedOpenAi, startResponses } from './openai-servers.js';

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

function prepare(config: Record<string, unknown> = {}) {
  const workspace = makeRepo({
    'package.json': '{ "name": "codex-hooks", "private": true }\n',
    'opencode-plusplus.config.json': `${JSON.stringify(config, null, 2)}\n`,
  });
  const env = isolatedEnv({ GW_KEY: 'test-key' });
  installHooks('codex', workspace, env);
  return { workspace, env };
}

async function runCodex(session: ReturnType<typeof prepare>, prompt: string, extraEnv = {}) {
  return runAgent(
    CODEX,
    [
      'exec',
      '--json',
      '--skip-git-repo-check',
      '--sandbox',
      'workspace-write',
      '--dangerously-bypass-hook-trust',
      '-C',
      session.workspace,
      '-m',
      'gpt-5',
      ...codexProviderArgs(server!.url),
      prompt,
    ],
    { cwd: session.workspace, env: { ...session.env, ...extraEnv } },
  );
}

const shell = (cmd: string): OpenAiStep => ({ call: 'exec_command', arguments: { cmd } });

/** Every stdout line is one of Codex's JSON events: our hooks print nothing into the agent's stream. */
function expectJsonStream(stdout: string): void {
  const lines = stdout.split('\n').filter((line) => line.trim());
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
}

describe('Codex with the opencode-plusplus hooks', () => {
  it('serves the lessons at SessionStart, counts tool calls and turns, runs the notify program', async () => {
    const session = prepare();
    addLesson(session.workspace, 'Run the tests with node --test here, never jest.');
    server = await startResponses([shell('echo one'), shell('echo two'), { text: 'Both steps ran.' }]);
    const run = await runCodex(session, 'Run the two steps.');
    const log = () => hookLog(session.workspace);
    expect(run.status, `${run.stderr}\n${JSON.stringify(log())}`).toBe(0);
    expectJsonStream(run.stdout);
    const thread = JSON.parse(run.stdout.split('\n')[0]!).thread_id as string;
    // SessionStart served the lesson, and the model saw it in its first turn
    const start = log().find((record) => record.event === 'SessionStart');
    expect(start, JSON.stringify(log())).toMatchObject({
      agent: 'codex',
      action: 'serve',
      lessons: ['L-0001'],
    });
    expect(server.turns[0]!.text).toContain(
      '[lesson L-0001] Run the tests with node --test here, never jest.',
    );
    // the two tool calls and the turn's end were counted for this thread
    const posts = log().filter((record) => record.event === 'PostToolUse');
    expect(posts.map((record) => record.session)).toEqual([thread, thread]);
    expect(log().some((record) => record.event === 'Stop' && record.session === thread)).toBe(true);
    // the notify program (config.toml) ran once the turn completed
    const notified = await waitForRecord(
      session.workspace,
      (record) => record.event === 'agent-turn-complete',
    );
    expect(notified, JSON.stringify(log())).toMatchObject({ agent: 'codex', session: thread });
    const counters = JSON.parse(
      readFileSync(join(session.workspace, '.agent-context/reflection/sessions', `${thread}.json`), 'utf8'),
    );
    expect(counters.transcript).toMatch(new RegExp(`${thread}\\.jsonl$`));
    expect(log().filter((record) => record.error)).toEqual([]);
  });

  it('refuses a reflection session a shell command that is not a memory call', async () => {
    const session = prepare();
    const evil = join(session.workspace, 'evil.txt');
    server = await startResponses([
      shell(`touch ${evil}`),
      {
        decide: (turn) =>
          /outside|not a memory|reflection session/.test(turn.text)
            ? { text: 'Refused, as expected.' }
            : { text: 'the refusal did not reach the model' },
      },
    ]);
    const run = await runCodex(session, 'Reflect on the session.', { OPENCODE_PLUSPLUS_REFLECTION: '1' });
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(evil)).toBe(false);
    const denied = hookLog(session.workspace).find((record) => record.action === 'deny');
    expect(denied, JSON.stringify(hookLog(session.workspace))).toMatchObject({
      agent: 'codex',
      event: 'PreToolUse',
    });
    expect(run.stdout).toContain('Refused, as expected.');
  });
});

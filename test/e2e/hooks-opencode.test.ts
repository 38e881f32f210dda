/**
 * The real OpenCode CLI (pinned in .tools/) with the plugin `install opencode` writes, against a
 * scripted Chat Completions API on 127.0.0.1: the session start, each prompt, each tool call and
 * the idle session reach `hook opencode`; the idle session's messages are captured as a transcript
 * our reader reads back (the person's words, the tool call); a reflection session is refused a
 * shell command by the plugin before it runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/reflect/transcripts/index.js';
import { makeRepo } from '../helpers/repo.js';
import { agentBin, opencodeEnv } from './agents.js';
import { hookLog, installHooks, runAgent, waitForRecord } from './hooks.js';
import { type ScriptedOpenAi, startChatCompletions } from './openai-servers.js';

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

function prepare(url: string) {
  const workspace = makeRepo({ 'package.json': '{ "name": "opencode-plugin", "private": true }\n' });
  const env = opencodeEnv(url);
  installHooks('opencode', workspace, env);
  return { workspace, env };
}

const run = (session: ReturnType<typeof prepare>, prompt: string, extraEnv = {}) =>
  runAgent(OPENCODE, ['run', '--format', 'json', '-m', 'gw/m', prompt], {
    cwd: session.workspace,
    env: { ...session.env, ...extraEnv },
    timeoutMs: 180_000,
  });

describe('OpenCode with the opencode-plusplus plugin', () => {
  it('reports the session, its prompt, its tool calls and the idle session with a readable transcript', async () => {
    server = await startChatCompletions([
      { call: 'bash', arguments: { command: 'echo hello', description: 'say hello' } },
      { text: 'Said hello.' },
    ]);
    const session = prepare(server.url);
    const result = await run(session, 'Say hello with echo; we use node --test here, not jest.');
    const log = () => hookLog(session.workspace);
    expect(result.status, `${result.stderr}\n${JSON.stringify(log())}`).toBe(0);
    const idle = await waitForRecord(session.workspace, (record) => record.event === 'session.idle');
    expect(idle, `${JSON.stringify(log())}\n${result.stderr.slice(-2000)}`).toBeDefined();
    const id = idle!.session as string;
    expect(log().find((record) => record.event === 'session.created')).toMatchObject({
      agent: 'opencode',
      action: 'serve',
      session: id,
    });
    expect(log().some((record) => record.event === 'chat.message' && record.session === id)).toBe(true);
    expect(log().some((record) => record.event === 'tool.execute.after' && record.session === id)).toBe(true);
    expect(log().filter((record) => record.error)).toEqual([]);
    // the plugin captured the session's messages; our reader separates the person from the agent
    const file = join(session.workspace, '.agent-context/reflection/transcripts', `${id}.json`);
    expect(existsSync(file)).toBe(true);
    const transcript = await readTranscript(file);
    expect(transcript).toMatchObject({ format: 'opencode', sessionId: id, cwd: session.workspace });
    const users = transcript.entries.filter((entry) => entry.role === 'user' && !entry.meta);
    // `opencode run` quotes a message word that has spaces in it: the person's words, in quotes
    expect(users.map((entry) => entry.text.replace(/^"|"$/g, ''))).toEqual([
      'Say hello with echo; we use node --test here, not jest.',
    ]);
    expect(transcript.entries.find((entry) => entry.role === 'tool-call')).toMatchObject({ tool: 'bash' });
    expect(
      transcript.entries.some((entry) => entry.role === 'assistant' && entry.text === 'Said hello.'),
    ).toBe(true);
  });

  it('refuses a reflection session a shell command before it runs', async () => {
    server = await startChatCompletions([
      {
        decide: (turn) => ({
          call: 'bash',
          arguments: { command: `touch ${dirOf(turn.text)}/evil.txt`, description: 'x' },
        }),
      },
      {
        decide: (turn) =>
          /not a memory|reflection session/.test(turn.text)
            ? { text: 'Refused, as expected.' }
            : { text: 'the refusal did not reach the model' },
      },
    ]);
    const session = prepare(server.url);
    const result = await run(session, 'Reflect on the session.', { OPENCODE_PLUSPLUS_REFLECTION: '1' });
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(session.workspace, 'evil.txt'))).toBe(false);
    const denied = hookLog(session.workspace).find((record) => record.action === 'deny');
    expect(denied, JSON.stringify(hookLog(session.workspace))).toMatchObject({
      agent: 'opencode',
      event: 'tool.execute.before',
    });
    expect(result.stdout).toContain('Refused, as expected.');
  });
});

/** The workspace as OpenCode tells the model (its environment block names the working directory). */
function dirOf(text: string): string {
  return /(\/tmp\/ocpp-test-[A-Za-z0-9]+)/.exec(text)?.[1] ?? '/nonexistent';
}

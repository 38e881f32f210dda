/**
 * End to end with the real Claude Code CLI (pinned, installed by scripts/install-agent-clis.sh
 * into .tools/) against a scripted model on 127.0.0.1: the hooks installed into a temporary
 * config by `install claude`, a session that crosses the thresholds, the counters on disk, the
 * Stop nudge reaching the model, the SessionEnd flush saving a lesson, and a reflection session
 * refused a write outside memory/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';
import { type ScriptedAnthropic, type Step, startAnthropic } from './anthropic-server.js';

const CLAUDE = fileURLToPath(new URL('../../.tools/node_modules/.bin/claude', import.meta.url));
const HOOK_COMMAND = `${process.execPath} ${CLI_BIN}`;

let server: ScriptedAnthropic | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

beforeAll(() => {
  if (!existsSync(CLAUDE))
    throw new Error(`Claude Code is not installed: run scripts/install-agent-clis.sh (looked for ${CLAUDE})`);
});

interface Session {
  workspace: string;
  configDir: string;
  env: NodeJS.ProcessEnv;
}

function prepare(config: Record<string, unknown>): Session {
  const workspace = makeRepo({
    'package.json': '{ "name": "e2e-app", "private": true }\n',
    'opencode-plusplus.config.json': `${JSON.stringify(config, null, 2)}\n`,
  });
  const home = makeTempDir('ocpp-e2e-home-');
  const configDir = join(home, '.claude');
  mkdirSync(configDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    ANTHROPIC_API_KEY: 'sk-ant-test-0000',
    IS_SANDBOX: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    CI: '1',
  };
  const installed = spawnSync(
    process.execPath,
    [CLI_BIN, 'install', 'claude', '--scope', 'user', '--command', HOOK_COMMAND, '-C', workspace, '--json'],
    { env, encoding: 'utf8' },
  );
  expect(installed.status, installed.stderr).toBe(0);
  return { workspace, configDir, env };
}

/** Runs claude asynchronously: the scripted server lives in this process and must keep answering. */
async function runClaude(
  session: Session,
  url: string,
  prompt: string | string[],
  extra: string[] = [],
  env: NodeJS.ProcessEnv = {},
) {
  // Several prompts: one session with several turns, fed as stream-json on stdin.
  const input = Array.isArray(prompt) ? ['--input-format', 'stream-json'] : [prompt];
  const child = spawn(
    CLAUDE,
    [
      '-p',
      ...input,
      '--output-format',
      'stream-json',
      '--verbose',
      '--permission-mode',
      'bypassPermissions',
      '--model',
      'claude-sonnet-4-5',
      ...extra,
    ],
    {
      cwd: session.workspace,
      env: { ...session.env, ANTHROPIC_BASE_URL: url, ...env },
      stdio: [Array.isArray(prompt) ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  if (Array.isArray(prompt) && child.stdin) {
    // One message at a time, the next after each turn's result; closing stdin ends the session.
    const pending = [...prompt];
    const sendNext = () => {
      const text = pending.shift();
      if (text === undefined) child.stdin!.end();
      else
        child.stdin!.write(`${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`);
    };
    let results = 0;
    child.stdout!.on('data', () => {
      const count = stdout.split('\n').filter((line) => line.startsWith('{"type":"result"')).length;
      for (; results < count; results++) sendNext();
    });
    sendNext();
  }
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), Number(process.env.OCPP_E2E_TIMEOUT ?? 120_000));
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  clearTimeout(timer);
  const lines = stdout
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line));
  const sessionId = lines.find((line) => line.type === 'system' && line.subtype === 'init')?.session_id as
    | string
    | undefined;
  return { status, stdout, stderr, lines, sessionId };
}

function hookLog(workspace: string): Array<Record<string, unknown>> {
  const file = join(workspace, '.agent-context/reflection/log.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function counters(workspace: string, session: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(join(workspace, '.agent-context/reflection/sessions', `${session}.json`), 'utf8'),
  );
}

const echo = (n: number): Step => ({
  tool: 'Bash',
  input: { command: `echo step ${n}`, description: `step ${n}` },
});

describe('Claude Code with the opencode-plusplus hooks', () => {
  it('counts a session past the thresholds and nudges at Stop (block mode)', async () => {
    const session = prepare({ reflection: { mode: 'block' } });
    writeFileSync(join(session.workspace, 'seed.txt'), 'x');
    spawnSync(
      process.execPath,
      [
        CLI_BIN,
        'memory',
        'add',
        'Use pnpm in this repository, never npm.',
        '--kind',
        '1',
        '-C',
        session.workspace,
      ],
      { encoding: 'utf8' },
    );
    const script: Step[] = [
      ...Array.from({ length: 12 }, (_, index) => echo(index + 1)),
      { tool: 'Bash', input: { command: 'exit 3', description: 'fail once' } },
      { text: 'All steps ran.' },
      {
        decide: (turn) =>
          turn.text.includes('Reflection (opencode-plusplus)')
            ? { text: 'Nothing to save.' }
            : { text: 'unexpected request' },
      },
    ];
    server = await startAnthropic(script);
    const run = await runClaude(session, server.url, 'Run the twelve steps.');
    expect(
      run.status,
      `${run.stderr}\n${run.stdout.slice(-3000)}\nturns ${server.turns.length}, other ${JSON.stringify(server.other)}\nlog ${JSON.stringify(hookLog(session.workspace))}`,
    ).toBe(0);
    expect(run.sessionId).toBeTruthy();
    const log = hookLog(session.workspace);
    // SessionStart served the lesson, and the model saw it
    expect(log.find((record) => record.event === 'SessionStart')?.lessons).toEqual(['L-0001']);
    expect(server.turns[0]!.text).toContain('[lesson L-0001] Use pnpm in this repository, never npm.');
    // the Stop nudge reached the model as the next turn, and only once
    const nudged = server.turns.filter((turn) => turn.text.includes('Reflection (opencode-plusplus)'));
    expect(nudged.length).toBeGreaterThanOrEqual(1);
    expect(log.filter((record) => record.event === 'Stop').map((record) => record.action)).toEqual([
      'reflect',
      'none',
    ]);
    // the counters that crossed the threshold: 13 tool calls, one of them failed
    expect(log.filter((record) => record.event === 'PostToolUse')).toHaveLength(12);
    expect(log.filter((record) => record.event === 'PostToolUseFailure')).toHaveLength(1);
    expect(log.find((record) => record.event === 'Stop')?.reason).toContain('due: 13 tool calls');
    const state = counters(session.workspace, run.sessionId!);
    expect(state).toMatchObject({ turns: 0, toolCalls: 0, surprises: 0, lastStopBlocked: false });
    expect((state.reflections as unknown[]).length).toBe(1);
  });

  it('flushes a session that ends with unreflected turns: a background reflection saves the lesson', async () => {
    const session = prepare({
      reflection: { mode: 'background', turnThreshold: 10, toolCallThreshold: 100, surpriseThreshold: 100 },
    });
    server = await startAnthropic([
      { tool: 'Bash', input: { command: 'echo npm install -D eslint', description: 'install eslint' } },
      { text: 'Installed eslint with npm.' },
      { text: 'Understood, switching to pnpm.' },
      { text: 'You are welcome.' },
    ]);
    const run = await runClaude(session, server.url, [
      'Add eslint to the project.',
      'No, we use pnpm in this repository, never npm. Always install packages with pnpm.',
      'Thanks, that is all.',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const id = run.sessionId!;
    expect(
      server.turns.length,
      JSON.stringify(hookLog(session.workspace).map((r) => [r.event, r.reason])) + run.stdout.slice(-1500),
    ).toBeGreaterThanOrEqual(4);
    const log = () => hookLog(session.workspace);
    const ends = log().filter((record) => record.event === 'SessionEnd');
    expect(ends.at(-1), JSON.stringify(log())).toMatchObject({ action: 'flush' });
    // the detached reflection finishes on its own; wait for its record
    const deadline = Date.now() + 60_000;
    while (!log().some((record) => record.event === 'reflection-finished') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const finished = log().find((record) => record.event === 'reflection-finished');
    expect(finished, JSON.stringify(log())).toMatchObject({ outcome: 'saved', session: id });
    const index = readFileSync(join(session.workspace, '.agent-context/memory/MEMORY.md'), 'utf8');
    expect(index).toMatch(/\[lesson L-0001\] .*pnpm/);
    const state = counters(session.workspace, id);
    expect(state).toMatchObject({ turns: 0, unreflectedTurns: 0, running: null, ended: true });
  });

  it('refuses a reflection session a write outside memory/ and allows one inside', async () => {
    const session = prepare({});
    const source = join(session.workspace, 'src', 'evil.ts');
    const note = join(session.workspace, '.agent-context', 'memory', 'notes.md');
    server = await startAnthropic([
      { tool: 'Write', input: { file_path: source, content: 'export const x = 1;\n' } },
      {
        decide: (turn) =>
          turn.text.includes('refused in a reflection session')
            ? { tool: 'Write', input: { file_path: note, content: '- a note\n' } }
            : { text: 'the refusal did not reach the model' },
      },
      { text: 'Nothing else to save.' },
    ]);
    const run = await runClaude(session, server.url, `Reflect. Write ${source} then ${note}.`, [], {
      OPENCODE_PLUSPLUS_REFLECTION: '1',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(source)).toBe(false);
    expect(readFileSync(note, 'utf8')).toBe('- a note\n');
    const denied = hookLog(session.workspace).find((record) => record.action === 'deny');
    expect(denied?.reason).toContain('outside .agent-context/memory/');
    // a reflection session is never counted
    expect(
      existsSync(join(session.workspace, '.agent-context/reflection/sessions', `${run.sessionId}.json`)),
    ).toBe(false);
  });
});

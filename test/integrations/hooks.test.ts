/**
 * The hook handler: in-process with a recorded launcher (what would be started, and when), and
 * through the built CLI as the agents call it (JSON on stdin, answers on stdout, exit code 0 for
 * whatever input). A guest never breaks its host.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HookEvent } from '../../src/integrations/events.js';
import { handleHookEvent } from '../../src/integrations/handler.js';
import { addLesson } from '../../src/memory/lesson-store.js';
import { recordServed } from '../../src/memory/served.js';
import { saveReflection } from '../../src/reflect/background.js';
import { readHookLog, readSession } from '../../src/reflect/sessions.js';
import { SELF_REFLECTION_PROMPT } from '../../src/reflect/transcript-task.js';
import { CLI_BIN } from '../helpers/cli.js';
import { makeRepo } from '../helpers/repo.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/transcripts/claude/${name}.jsonl`, import.meta.url));

function recorder() {
  const started: Array<{ command: string; args: string[]; env: NodeJS.ProcessEnv }> = [];
  return {
    started,
    deps: (env: NodeJS.ProcessEnv = {}) => ({
      env,
      start: (command: string, args: string[], options: { env: NodeJS.ProcessEnv }) => {
        started.push({ command, args, env: options.env });
        return process.pid; // alive: the run stays "running"
      },
    }),
  };
}

const event = (cwd: string, kind: HookEvent['kind'], extra: Partial<HookEvent> = {}): HookEvent => ({
  agent: 'claude',
  kind,
  name: kind,
  session: 's1',
  cwd,
  transcript: fixture('long-mixed'),
  ...extra,
});
const tool = (cwd: string, failed = false) =>
  event(cwd, 'post-tool', { tool: { name: 'Bash', input: {}, failed } });

describe('handler', () => {
  it('starts one background reflection when the thresholds are crossed, and no second while it runs', async () => {
    const repo = makeRepo({});
    const { started, deps } = recorder();
    await handleHookEvent(event(repo, 'prompt'), deps());
    for (let index = 0; index < 12; index++) await handleHookEvent(tool(repo), deps());
    expect(await handleHookEvent(event(repo, 'stop'), deps())).toEqual({});
    expect(started).toHaveLength(1);
    expect(started[0]!.args.slice(1)).toEqual([
      'reflect',
      'transcript',
      fixture('long-mixed'),
      '--save',
      '--session',
      's1',
      '-C',
      repo,
    ]);
    expect(started[0]!.env.OPENCODE_PLUSPLUS_REFLECTION).toBe('1');
    expect((await readSession(repo, 's1')).running).toMatchObject({ pid: process.pid, flush: false });
    for (const kind of ['prompt', 'stop', 'prompt', 'stop', 'prompt', 'stop'] as const)
      await handleHookEvent(event(repo, kind), deps());
    expect(started).toHaveLength(1);
    const log = await readHookLog(repo);
    expect(log.at(-1)?.reason).toContain('already running: skipped');
  });

  it('flushes at SessionEnd with 3 unreflected turns', async () => {
    const repo = makeRepo({});
    const { started, deps } = recorder();
    for (const kind of ['prompt', 'prompt', 'prompt'] as const)
      await handleHookEvent(event(repo, kind), deps());
    await handleHookEvent(event(repo, 'end', { reason: 'clear' }), deps());
    expect(started).toHaveLength(1);
    expect(await readSession(repo, 's1')).toMatchObject({
      ended: true,
      unreflectedTurns: 0,
      running: { flush: true },
    });
  });

  it('block mode asks the agent to reflect at Stop, never twice in a row, and sees whether memory changed', async () => {
    const repo = makeRepo({ 'opencode-plusplus.config.json': '{ "reflection": { "mode": "block" } }' });
    const { started, deps } = recorder();
    for (const kind of ['prompt', 'prompt', 'prompt'] as const)
      await handleHookEvent(event(repo, kind), deps());
    expect(await handleHookEvent(event(repo, 'stop'), deps())).toEqual({ block: SELF_REFLECTION_PROMPT });
    // the agent reflects in its own context and saves a lesson; its next Stop is not blocked
    await addLesson(repo, { text: 'Put shared helpers in src/lib.' });
    expect(await handleHookEvent(event(repo, 'stop', { stopHookActive: true }), deps())).toEqual({});
    const state = await readSession(repo, 's1');
    expect(state.reflections.map((reflection) => reflection.outcome)).toEqual(['saved']);
    expect(state).toMatchObject({ running: null, lastStopBlocked: false });
    expect(started).toHaveLength(0);
  });

  it('block mode does not block a Stop right after a blocked one, even without stop_hook_active', async () => {
    const repo = makeRepo({
      'opencode-plusplus.config.json':
        '{ "reflection": { "mode": "block", "cooldownMinutes": 0, "maxCooldownMinutes": 0 } }',
    });
    const { deps } = recorder();
    for (const kind of ['prompt', 'prompt', 'prompt'] as const)
      await handleHookEvent(event(repo, kind), deps());
    expect((await handleHookEvent(event(repo, 'stop'), deps())).block).toBeDefined();
    for (const kind of ['prompt', 'prompt', 'prompt'] as const)
      await handleHookEvent(event(repo, kind), deps());
    expect(await handleHookEvent(event(repo, 'stop'), deps())).toEqual({});
  });

  it('fork mode starts the agent on a fork of the session with the reflection prompt', async () => {
    const repo = makeRepo({ 'opencode-plusplus.config.json': '{ "reflection": { "mode": "fork" } }' });
    const { started, deps } = recorder();
    for (const kind of ['prompt', 'prompt', 'prompt', 'stop'] as const)
      await handleHookEvent(event(repo, kind), deps({ OPENCODE_PLUSPLUS_CLAUDE: '/opt/claude' }));
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ command: '/opt/claude', env: { OPENCODE_PLUSPLUS_REFLECTION: '1' } });
    expect(started[0]!.args.slice(0, 4)).toEqual(['-p', '--resume', 's1', '--fork-session']);
    expect(started[0]!.args.at(-1)).toBe(SELF_REFLECTION_PROMPT);
  });

  it('never counts reflection sessions or subagents, and mode off counts nothing', async () => {
    const repo = makeRepo({});
    const { started, deps } = recorder();
    for (const kind of ['prompt', 'prompt', 'prompt', 'stop'] as const) {
      await handleHookEvent(event(repo, kind), deps({ OPENCODE_PLUSPLUS_REFLECTION: '1' }));
      await handleHookEvent(event(repo, kind, { session: 'agent:main:subagent:3' }), deps());
    }
    expect(started).toHaveLength(0);
    expect(existsSync(join(repo, '.agent-context/reflection/sessions'))).toBe(false);
    const off = makeRepo({ 'opencode-plusplus.config.json': '{ "reflection": { "mode": "off" } }' });
    for (const kind of ['prompt', 'prompt', 'prompt', 'stop'] as const)
      await handleHookEvent(event(off, kind), deps());
    expect(started).toHaveLength(0);
  });

  it('serves lessons at session start and records them for the session', async () => {
    const repo = makeRepo({});
    await addLesson(repo, { text: 'Dates are stored in UTC.' });
    const answer = await handleHookEvent(event(repo, 'session-start'), recorder().deps());
    expect(answer.context).toContain('[lesson L-0001] Dates are stored in UTC.');
    const served = readFileSync(join(repo, '.agent-context/memory/served.jsonl'), 'utf8');
    expect(JSON.parse(served.trim())).toMatchObject({ via: 'hook', session: 's1', lessons: ['L-0001'] });
  });
});

function hook(agent: string, input: string, cwd: string, env: NodeJS.ProcessEnv = {}, args: string[] = []) {
  const result = spawnSync(process.execPath, [CLI_BIN, 'hook', agent, ...args], {
    cwd,
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env, OPENCODE_PLUSPLUS_REFLECTION: env.OPENCODE_PLUSPLUS_REFLECTION ?? '' },
  });
  return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr };
}

describe('hook command (the built CLI, as agents call it)', () => {
  it('malformed JSON and missing fields: logged, allowed, exit 0, nothing printed', () => {
    const repo = makeRepo({});
    for (const input of [
      'not json',
      '',
      '[]',
      '{"hook_event_name":"PreToolUse"}',
      `{"hook_event_name":"PreToolUse","cwd":${JSON.stringify(repo)}}`,
    ]) {
      const run = hook('claude', input, repo);
      expect(run, input).toMatchObject({ code: 0, stdout: '' });
    }
    const log = readFileSync(join(repo, '.agent-context/reflection/log.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log).toHaveLength(5);
    expect(log.every((record) => record.event === 'invalid-input' && record.action === 'allow')).toBe(true);
    expect(log.at(-1).error).toBe('missing field "tool_name" (a string)');
  });

  it('a payload naming a folder that does not exist creates nothing there', () => {
    const repo = makeRepo({});
    const run = hook(
      'claude',
      JSON.stringify({ hook_event_name: 'Stop', cwd: join(repo, 'gone'), session_id: 'x' }),
      repo,
    );
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(join(repo, 'gone'))).toBe(false);
  });

  it('denies a reflection session a write outside memory with the documented PreToolUse answer', () => {
    const repo = makeRepo({});
    const payload = (file: string) =>
      JSON.stringify({
        hook_event_name: 'PreToolUse',
        session_id: 'f1',
        cwd: repo,
        transcript_path: '/x',
        tool_name: 'Write',
        tool_input: { file_path: file, content: 'x' },
      });
    const denied = hook('claude', payload('src/app.ts'), repo, { OPENCODE_PLUSPLUS_REFLECTION: '1' });
    expect(JSON.parse(denied.stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' },
    });
    expect(
      hook('claude', payload('.agent-context/memory/MEMORY.md'), repo, { OPENCODE_PLUSPLUS_REFLECTION: '1' })
        .stdout,
    ).toBe('');
    // ordinary sessions are never restricted
    expect(hook('claude', payload('src/app.ts'), repo).stdout).toBe('');
    // Codex hooks answer the same way
    expect(
      JSON.parse(hook('codex', payload('/etc/hosts'), repo, { OPENCODE_PLUSPLUS_REFLECTION: '1' }).stdout)
        .hookSpecificOutput.permissionDecision,
    ).toBe('deny');
  });

  it('the plugins get an explicit allow or block for reflection sessions', () => {
    const repo = makeRepo({});
    const payload = (file: string) =>
      JSON.stringify({
        event: 'tool.execute.before',
        session: 'ses_1',
        cwd: repo,
        tool: 'write',
        input: { filePath: file },
      });
    expect(
      JSON.parse(
        hook('opencode', payload(join(repo, 'a.ts')), repo, { OPENCODE_PLUSPLUS_REFLECTION: '1' }).stdout,
      ),
    ).toMatchObject({ block: true });
    expect(
      JSON.parse(
        hook('opencode', payload(join(repo, '.agent-context/memory/x.md')), repo, {
          OPENCODE_PLUSPLUS_REFLECTION: '1',
        }).stdout,
      ),
    ).toEqual({ allow: true });
    const claw = JSON.stringify({
      event: 'before_tool_call',
      session: 'agent:main:reflection:1',
      cwd: repo,
      tool: 'exec',
      input: { command: 'rm -rf .' },
    });
    expect(JSON.parse(hook('openclaw', claw, repo).stdout)).toMatchObject({ block: true });
  });

  it('codex notify counts a turn from its argument', () => {
    const repo = makeRepo({});
    const notify = JSON.stringify({
      type: 'agent-turn-complete',
      'thread-id': 'th-9',
      cwd: repo,
      'last-assistant-message': 'ok',
    });
    expect(hook('codex', '', repo, { CODEX_HOME: join(repo, 'no-codex') }, ['--notify', notify]).code).toBe(
      0,
    );
    const state = JSON.parse(
      readFileSync(join(repo, '.agent-context/reflection/sessions/th-9.json'), 'utf8'),
    );
    expect(state).toMatchObject({ turns: 1, unreflectedTurns: 1 });
  });
});

describe('background reflection (reflect transcript --save)', () => {
  it('saves lessons, records the outcome on the session, and notes it', () => {
    const repo = makeRepo({});
    const run = spawnSync(
      process.execPath,
      [
        CLI_BIN,
        'reflect',
        'transcript',
        fixture('long-mixed'),
        '--save',
        '--session',
        's7',
        '-C',
        repo,
        '--json',
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.saved.saved.map((lesson: { id: string }) => lesson.id)).toEqual(['L-0001', 'L-0002']);
    const lesson = readFileSync(join(repo, '.agent-context/memory/lessons/L-0001.md'), 'utf8');
    expect(lesson).toContain('source_session: "s7"');
    expect(lesson).toContain('source_lines: [9]');
    const state = JSON.parse(readFileSync(join(repo, '.agent-context/reflection/sessions/s7.json'), 'utf8'));
    expect(state.reflections).toMatchObject([{ outcome: 'saved', fingerprint: result.fingerprint }]);
    expect(state.reflectedUpToLine).toBe(
      readFileSync(fixture('long-mixed'), 'utf8').trim().split('\n').length,
    );
    const notes = readdirSync(join(repo, '.agent-context/memory')).filter((name) =>
      /^\d{4}-\d{2}-\d{2}\.md$/.test(name),
    );
    expect(readFileSync(join(repo, '.agent-context/memory', notes[0]!), 'utf8')).toContain(
      'reflection s7: 2 lessons to save.',
    );
  });

  it('served-and-ignored lessons are counted, not captured again', async () => {
    const repo = makeRepo({});
    for (const text of [
      'a',
      'b',
      'c',
      'Use pnpm in this repository, never npm: the lockfile is pnpm-lock.yaml.',
    ])
      await addLesson(repo, { text: text.length > 1 ? text : `Placeholder lesson ${text}.` });
    const run = spawnSync(
      process.execPath,
      [CLI_BIN, 'reflect', 'transcript', fixture('served-ignored-pnpm'), '--save', '-C', repo, '--json'],
      { encoding: 'utf8' },
    );
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      outcome: 'served-ignored',
      servedIgnored: ['L-0004'],
      saved: { ignoredCounted: ['L-0004'], saved: [] },
    });
    expect(readFileSync(join(repo, '.agent-context/memory/lessons/L-0004.md'), 'utf8')).toContain(
      'times_ignored: 1',
    );
  });

  it('a lesson served to the session by a hook (served.jsonl) that the user repeats is named, even when the transcript lacks it', async () => {
    const repo = makeRepo({});
    await addLesson(repo, { text: 'Keep configuration files in YAML so people can comment them.' });
    await recordServed(repo, { via: 'hook', target: 'claude:sx', session: 'sx', lessons: ['L-0001'] });
    const run = spawnSync(
      process.execPath,
      [
        CLI_BIN,
        'reflect',
        'transcript',
        fixture('prefer-yaml-config'),
        '--save',
        '--session',
        'sx',
        '-C',
        repo,
        '--json',
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(run.stdout)).toMatchObject({
      outcome: 'served-ignored',
      servedIgnored: ['L-0001'],
      lessons: [],
    });
  });

  it('a defect of this tool gets a redacted report and instructions, never an issue', () => {
    const repo = makeRepo({});
    const run = spawnSync(
      process.execPath,
      [CLI_BIN, 'reflect', 'transcript', fixture('tool-defect'), '--save', '-C', repo],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('possible defect of opencode-plusplus');
    expect(run.stdout).toContain('gh issue create --body-file');
    const reports = readdirSync(join(repo, '.agent-context/reflection/reports'));
    expect(reports).toHaveLength(1);
    expect(readFileSync(join(repo, '.agent-context/reflection/reports', reports[0]!), 'utf8')).toContain(
      'internal error',
    );
  });

  it('a memory folder that cannot be written: the reflection fails quietly and records why', async () => {
    const repo = makeRepo({});
    mkdirSync(join(repo, '.agent-context'), { recursive: true });
    writeFileSync(join(repo, '.agent-context/memory'), 'not a folder');
    const { reflectOnTranscript } = await import('../../src/reflect/transcript.js');
    const { offlineReflector } = await import('../../src/reflect/reflector.js');
    const { transcriptTask } = await import('../../src/reflect/transcript-task.js');
    const result = await reflectOnTranscript(fixture('long-mixed'), {
      reflector: offlineReflector(transcriptTask),
    });
    const saved = await saveReflection(repo, result, { session: 's' });
    expect(saved.outcome).toBe('failed');
    expect(saved.failures.length).toBeGreaterThan(0);
    expect(saved.failures[0]!.error).toMatch(/ENOTDIR|EEXIST|not a directory/);
  });
});

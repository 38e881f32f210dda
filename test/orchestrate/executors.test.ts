/**
 * The executors: each normalizer on a recorded stream (cursor and mimocode are not installable
 * here: their streams are written by hand from the documented format), argv templates that never
 * go through a shell, a clear error for a missing binary, and the process runner's timeout,
 * process-group kill, output cap and stuck detector on real child processes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  expandTemplate,
  splitTemplate,
  withExtraArgs,
} from '../../src/orchestrate/executors/argv.js';
import type { AgentEvent } from '../../src/orchestrate/executors/events.js';
import { summarizeEvents } from '../../src/orchestrate/executors/events.js';
import { executors, resolveExecutor } from '../../src/orchestrate/executors/index.js';
import { runExecutorProcess } from '../../src/orchestrate/executors/process.js';
import type { ProcessExecutor } from '../../src/orchestrate/executors/types.js';
import { isOcppError } from '../../src/shared/errors.js';
import { makeTempDir } from '../helpers/repo.js';

const FIXTURES = new URL('../fixtures/agent-streams/', import.meta.url);

function normalizeRecorded(name: string, file: string): AgentEvent[] {
  const normalize = (executors[name] as ProcessExecutor).createNormalizer();
  return readFileSync(new URL(file, FIXTURES), 'utf8')
    .split('\n')
    .flatMap((line) => normalize(line));
}

const types = (events: AgentEvent[]) => events.map((event) => event.type);

describe('stream normalizers', () => {
  it('claude: tool calls with their results, the Bash exit code, edits, usage and cost', () => {
    const events = normalizeRecorded('claude', 'claude.jsonl');
    expect(events.filter((event) => event.type === 'file-edit')).toEqual([
      { type: 'file-edit', path: '/work/app/src/math.js', change: 'add' },
    ]);
    expect(events.find((event) => event.type === 'command')).toMatchObject({
      command: 'node --test test/',
      exitCode: 1,
    });
    expect(
      events.filter((event) => event.type === 'tool-call').map((event) => (event as { tool: string }).tool),
    ).toEqual(['Read', 'Write', 'Bash']);
    expect(events.find((event) => event.type === 'usage')).toEqual({
      type: 'usage',
      inputTokens: 200,
      outputTokens: 40,
      cachedInputTokens: 100,
      costUsd: 0.0123,
    });
    expect(types(events)).toContain('reasoning');
    expect(
      events.filter((event) => event.type === 'opaque').map((event) => (event as { kind: string }).kind),
    ).toEqual(['claude:system/init', 'claude:stream_event']);
  });

  it('codex: completed items only, file changes, commands with exit codes, usage', () => {
    const events = normalizeRecorded('codex', 'codex.jsonl');
    expect(types(events)).toEqual([
      'opaque',
      'command',
      'reasoning',
      'file-edit',
      'file-edit',
      'opaque',
      'message',
      'usage',
    ]);
    expect(events[1]).toMatchObject({ command: "bash -lc 'cat src/math.js'", exitCode: 0 });
    expect(events[4]).toEqual({ type: 'file-edit', path: '/work/app/test/new.test.js', change: 'add' });
    expect(events.at(-1)).toEqual({
      type: 'usage',
      inputTokens: 1200,
      outputTokens: 80,
      cachedInputTokens: 300,
    });
  });

  it('opencode: tool states, failed edits are not edits, step cost and tokens, errors', () => {
    const events = normalizeRecorded('opencode', 'opencode.jsonl');
    expect(events.filter((event) => event.type === 'file-edit')).toEqual([
      { type: 'file-edit', path: '/work/app/src/math.js', change: 'add' },
    ]);
    expect(events.find((event) => event.type === 'command')).toMatchObject({
      command: 'node --test test/',
      exitCode: 0,
    });
    expect(events.find((event) => event.type === 'tool-call' && event.failed)).toMatchObject({
      tool: 'edit',
      output: 'File not found',
    });
    expect(events.find((event) => event.type === 'usage')).toMatchObject({
      inputTokens: 900,
      costUsd: 0.002,
      cachedInputTokens: 10,
    });
    expect(events.find((event) => event.type === 'error')).toEqual({
      type: 'error',
      message: 'rate limited',
    });
    expect(events.at(-1)).toMatchObject({ type: 'opaque', kind: 'opencode:session.compacted' });
  });

  it('cursor (recorded by hand from the documented format): completed tool calls, writes, shell exit codes', () => {
    const events = normalizeRecorded('cursor', 'cursor.jsonl');
    const summary = summarizeEvents(events);
    expect(summary.toolCalls).toBe(4);
    expect(summary.filesEdited).toEqual(['src/math.js']);
    expect(summary.commands).toEqual([{ command: 'node --test test/', exitCode: 0 }]);
    expect(summary.lastMessage).toBe('Changed src/math.js; node --test test/ exits 0.');
    expect(
      events.filter((event) => event.type === 'opaque').map((event) => (event as { kind: string }).kind),
    ).toEqual(['cursor:system/init', 'cursor:thinking/delta']);
  });

  it('mimocode: plain text lines are messages, JSON lines stay opaque, blank lines vanish', () => {
    const events = normalizeRecorded('mimocode', 'mimocode.txt');
    expect(types(events)).toEqual(['message', 'message', 'opaque', 'message', 'message']);
  });
});

describe('argv templates', () => {
  it('splits words with quotes, expands placeholders into single words, puts extra args before the prompt', () => {
    const words = checkTemplate(
      splitTemplate(`node "my agent.mjs" --file {promptFile} '{prompt}'`),
      'template',
    );
    const expanded = expandTemplate(withExtraArgs(words, ['--fast']), {
      prompt: 'fix it; rm -rf / && echo $(whoami)',
      promptFile: '/tmp/p.md',
      task: 't',
      repo: '/r',
      runDir: '/d',
    });
    expect(expanded).toEqual([
      'node',
      'my agent.mjs',
      '--file',
      '--fast',
      '/tmp/p.md',
      'fix it; rm -rf / && echo $(whoami)',
    ]);
  });

  it('refuses shell operators and unknown placeholders', () => {
    for (const template of [
      'node a.mjs | tee log',
      'node a.mjs && rm x',
      'node a.mjs > out',
      'sh -c $(cat x)',
      'node a.mjs;ls',
      'node {nope}',
    ])
      expect(() => checkTemplate(splitTemplate(template), 'template'), template).toThrow(
        /shell syntax|unknown placeholder/,
      );
  });

  it('a missing binary is a clear error that says how to install it', () => {
    try {
      resolveExecutor('codex', { extraArgs: [] }, { PATH: makeTempDir() }, '/');
      expect.unreachable();
    } catch (error) {
      expect(isOcppError(error) && error.exitCode).toBe(2);
      expect((error as Error).message).toContain('needs `codex`, which is not on PATH');
      expect(isOcppError(error) && error.details.hint).toContain('npm install -g @openai/codex');
    }
  });
});

describe('the process runner', () => {
  const script = (body: string) => {
    const file = join(makeTempDir(), 'agent.mjs');
    writeFileSync(file, body);
    return file;
  };
  const run = (file: string, overrides: Partial<Parameters<typeof runExecutorProcess>[0]> = {}) =>
    runExecutorProcess({
      bin: process.execPath,
      args: [file],
      cwd: makeTempDir(),
      env: process.env,
      normalize: executors.command!.kind === 'process' ? executors.command.createNormalizer() : () => [],
      timeoutMs: 20_000,
      maxOutputBytes: 1024 * 1024,
      ...overrides,
    });

  it('a timeout kills the whole process group, grandchildren included', async () => {
    const marker = join(makeTempDir(), 'grandchild-alive');
    const grandchild = script(
      `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 3000);\n`,
    );
    const cjs = grandchild.replace(/\.mjs$/, '.cjs');
    writeFileSync(cjs, readFileSync(grandchild));
    const file = script(
      `import { spawn } from 'node:child_process';\nspawn(process.execPath, [${JSON.stringify(cjs)}], { stdio: 'ignore' });\nsetInterval(() => {}, 1000);\n`,
    );
    const result = await run(file, { timeoutMs: 800 });
    expect(result).toMatchObject({ stop: 'timeout', signal: 'SIGKILL' });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(() => readFileSync(marker)).toThrow();
  });

  it('the stuck detector stops an agent repeating the same call with the same result', async () => {
    const call = JSON.stringify({ type: 'tool-call', tool: 'read', input: { path: 'a' }, output: 'same' });
    const file = script(`setInterval(() => console.log(${JSON.stringify(call)}), 20);\n`);
    const result = await run(file);
    expect(result.stop).toBe('stuck');
    expect(result.stuck).toMatchObject({ rule: 'repeated-tool-call' });
    expect(result.stuck?.detail).toContain('read returned the same result 4 times');
  });

  it('output is capped: an agent that floods stdout is stopped', async () => {
    const file = script(
      `let n = 0;\nsetInterval(() => { for (let i = 0; i < 100; i++) console.log(JSON.stringify({ n: n++, pad: 'x'.repeat(1000) })); }, 5);\n`,
    );
    const result = await run(file, { maxOutputBytes: 64 * 1024 });
    expect(result.stop).toBe('output-cap');
    expect(result.stdoutBytes).toBeLessThan(1024 * 1024);
  });
});

/**
 * Transcript readers for every agent, and bad input: a missing file, a line cut in half, a
 * 500 MB file (streamed, never held), another agent's format, an empty file.
 */
import { closeSync, openSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDigest, reflectionWindow } from '../../src/reflect/digest.js';
import { readTranscript } from '../../src/reflect/transcripts/index.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/repo.js';

const dir = makeTempDir('ocpp-transcripts-');
const file = (name: string, lines: unknown[] | string) => {
  const path = join(dir, name);
  writeFileSync(
    path,
    typeof lines === 'string' ? lines : `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
  );
  return path;
};
const claudeUser = (content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'user',
  sessionId: 'c1',
  uuid: 'u',
  cwd: '/w',
  message: { role: 'user', content },
  ...extra,
});

describe('readers', () => {
  it('Claude Code: user text, tool calls and results, refusals with feedback, host text and sidechains', async () => {
    const path = file('claude.jsonl', [
      { type: 'summary', summary: 'x' },
      claudeUser('Fix the build.'),
      {
        type: 'assistant',
        sessionId: 'c1',
        uuid: 'a',
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'Edit', input: { file_path: 'a.ts' } }],
        },
      },
      claudeUser([
        {
          type: 'tool_result',
          tool_use_id: 't1',
          is_error: true,
          content:
            "The user doesn't want to proceed with this tool use. The tool use was rejected. To tell you how to proceed, the user said:\nedit b.ts instead",
        },
      ]),
      claudeUser('<command-name>/clear</command-name>'),
      claudeUser('subagent chatter', { isSidechain: true }),
      claudeUser([{ type: 'text', text: '[Request interrupted by user]' }]),
      claudeUser(
        'Stop hook feedback:\nReflection (opencode-plusplus): never save one-off narratives; always say "Nothing to save."',
      ),
      { type: 'weird-new-type', payload: 1 },
    ]);
    const transcript = await readTranscript(path);
    expect(transcript).toMatchObject({ format: 'claude', sessionId: 'c1', cwd: '/w' });
    const simplified = transcript.entries.map((entry) => [
      entry.line,
      entry.role,
      entry.text.slice(0, 20),
      Boolean(entry.meta),
      Boolean(entry.rejected),
    ]);
    expect(simplified).toEqual([
      [2, 'user', 'Fix the build.', false, false],
      [3, 'tool-call', '{"file_path":"a.ts"}', false, false],
      [4, 'tool-result', "The user doesn't wan", false, true],
      [4, 'user', 'edit b.ts instead', false, false],
      [5, 'user', '<command-name>/clear', true, false],
      [7, 'user', '[interrupted]', true, false],
      [8, 'user', 'Stop hook feedback:\n', true, false],
    ]);
    expect(transcript.stats).toMatchObject({ lines: 9, malformed: 0 });
  });

  it('Codex session logs (rollout) and exec --json events', async () => {
    const rollout = await readTranscript(
      file('rollout.jsonl', [
        { timestamp: 't', type: 'session_meta', payload: { id: 'th-1', cwd: '/repo' } },
        {
          timestamp: 't',
          type: 'response_item',
          payload: {
            type: 'message',
            role: 'user',
            content: [{ type: 'input_text', text: '<environment_context>x</environment_context>' }],
          },
        },
        {
          timestamp: 't',
          type: 'response_item',
          payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Add a test.' }] },
        },
        {
          timestamp: 't',
          type: 'response_item',
          payload: {
            type: 'function_call',
            name: 'shell',
            arguments: '{"command":["bash","-lc","npm test"]}',
            call_id: 'c1',
          },
        },
        {
          timestamp: 't',
          type: 'response_item',
          payload: {
            type: 'function_call_output',
            call_id: 'c1',
            output: '{"output":"fail","metadata":{"exit_code":1}}',
          },
        },
        { timestamp: 't', type: 'event_msg', payload: { type: 'token_count' } },
      ]),
    );
    expect(rollout).toMatchObject({ format: 'codex', sessionId: 'th-1', cwd: '/repo' });
    expect(rollout.entries.map((entry) => [entry.role, Boolean(entry.meta), Boolean(entry.failed)])).toEqual([
      ['user', true, false],
      ['user', false, false],
      ['tool-call', false, false],
      ['tool-result', false, true],
    ]);
    const exec = await readTranscript(
      file('exec.jsonl', [
        { type: 'thread.started', thread_id: 'th-2' },
        { type: 'turn.started' },
        {
          type: 'item.completed',
          item: {
            id: 'i1',
            type: 'command_execution',
            command: 'ls',
            aggregated_output: 'x',
            exit_code: 2,
            status: 'failed',
          },
        },
        { type: 'item.completed', item: { id: 'i2', type: 'agent_message', text: 'Done.' } },
        { type: 'turn.completed', usage: {} },
      ]),
    );
    expect(exec.sessionId).toBe('th-2');
    expect(exec.entries.map((entry) => [entry.line, entry.role, Boolean(entry.failed)])).toEqual([
      [3, 'tool-call', false],
      [3, 'tool-result', true],
      [4, 'assistant', false],
    ]);
  });

  it('OpenCode run --format json events and exported sessions (lines from the document)', async () => {
    const events = await readTranscript(
      file('opencode.jsonl', [
        { type: 'step_start', sessionID: 'ses_1', part: { type: 'step-start' } },
        {
          type: 'tool_use',
          sessionID: 'ses_1',
          part: {
            type: 'tool',
            tool: 'bash',
            callID: 'c',
            state: { status: 'error', input: { command: 'x' }, error: 'boom' },
          },
        },
        { type: 'text', sessionID: 'ses_1', part: { type: 'text', text: 'Fixed.' } },
      ]),
    );
    expect(events.format).toBe('opencode');
    expect(events.entries.map((entry) => [entry.role, Boolean(entry.failed)])).toEqual([
      ['tool-call', false],
      ['tool-result', true],
      ['assistant', false],
    ]);
    const exported = {
      info: { id: 'ses_2', directory: '/proj' },
      messages: [
        { info: { role: 'user', id: 'm1' }, parts: [{ type: 'text', text: 'Rename it.' }] },
        { info: { role: 'assistant', id: 'm2' }, parts: [{ type: 'text', text: 'Renamed.' }] },
        {
          info: { role: 'user', id: 'm3' },
          parts: [{ type: 'text', text: 'No, we use camelCase everywhere.' }],
        },
      ],
    };
    const path = file('export.json', `${JSON.stringify(exported, null, 2)}\n`);
    const transcript = await readTranscript(path);
    expect(transcript).toMatchObject({ format: 'opencode', sessionId: 'ses_2', cwd: '/proj' });
    const lines = JSON.stringify(exported, null, 2).split('\n');
    const last = transcript.entries.at(-1)!;
    expect(last.text).toBe('No, we use camelCase everywhere.');
    expect(lines[last.line - 1]!.trim()).toBe('{');
    expect(lines[last.line]!).toContain('"type": "text"');
  });

  it('OpenClaw session logs', async () => {
    const transcript = await readTranscript(
      file('openclaw.jsonl', [
        { type: 'session', id: 'oc-1', cwd: '/ws' },
        { type: 'message', message: { role: 'user', content: [{ type: 'text', text: 'Deploy it.' }] } },
        {
          type: 'message',
          message: {
            role: 'assistant',
            content: [{ type: 'toolCall', id: 'x', name: 'exec', arguments: { command: 'deploy' } }],
          },
        },
        {
          type: 'message',
          message: {
            role: 'toolResult',
            toolCallId: 'x',
            toolName: 'exec',
            isError: true,
            content: [{ type: 'text', text: 'blocked by policy' }],
          },
        },
      ]),
    );
    expect(transcript).toMatchObject({ format: 'openclaw', sessionId: 'oc-1' });
    expect(transcript.entries.map((entry) => [entry.role, Boolean(entry.rejected)])).toEqual([
      ['user', false],
      ['tool-call', false],
      ['tool-result', true],
    ]);
  });

  it('finds served lessons anywhere in the session context', async () => {
    const transcript = await readTranscript(
      file('served.jsonl', [
        {
          type: 'attachment',
          attachment: {
            type: 'hook_additional_context',
            content: ['[lesson L-0007] Use pnpm, never npm.\n[lesson L-0008] Dates are UTC.'],
          },
        },
        claudeUser('Install zod.'),
      ]),
    );
    expect(transcript.servedLessons).toEqual([
      { id: 'L-0007', text: 'Use pnpm, never npm.', line: 1 },
      { id: 'L-0008', text: 'Dates are UTC.', line: 1 },
    ]);
  });
});

describe('bad input', () => {
  it('a transcript that does not exist is a clear error naming the file', async () => {
    await expect(readTranscript(join(dir, 'missing.jsonl'))).rejects.toThrow('no such transcript');
    const run = await runCliInProcess(['reflect', 'transcript', join(dir, 'missing.jsonl'), '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({
      code: 'INPUT_INVALID',
      file: join(dir, 'missing.jsonl'),
    });
  });

  it('an empty file and a directory are errors', async () => {
    await expect(readTranscript(file('empty.jsonl', ''))).rejects.toThrow('empty');
    await expect(readTranscript(dir)).rejects.toThrow('not a file');
  });

  it('a transcript cut mid-line keeps everything before the cut', async () => {
    const whole = [claudeUser('First.'), claudeUser('No, we always use tabs in this codebase.')]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const path = file('cut.jsonl', `${whole}\n${JSON.stringify(claudeUser('Third message')).slice(0, 40)}`);
    const transcript = await readTranscript(path);
    expect(transcript.entries.map((entry) => entry.text)).toEqual([
      'First.',
      'No, we always use tabs in this codebase.',
    ]);
    expect(transcript.stats).toMatchObject({ lines: 3, malformed: 1 });
  });

  it("another agent's format is named; an unknown format is refused", async () => {
    const codex = file('other.jsonl', [{ type: 'thread.started', thread_id: 'x' }]);
    await expect(readTranscript(codex, { format: 'claude' })).rejects.toThrow(
      'this looks like a codex transcript, not claude',
    );
    const unknown = file('unknown.jsonl', [{ name: 'left-pad', version: '1.0.0' }, { name: 'react' }]);
    await expect(readTranscript(unknown)).rejects.toThrow('not a transcript in a format we read');
    await expect(readTranscript(file('text.txt', 'hello\nworld\n'))).rejects.toThrow('not a transcript');
  });

  it('a 500 MB transcript is streamed, never held: memory stays far below its size', async () => {
    const path = join(dir, 'huge.jsonl');
    const handle = openSync(path, 'w');
    writeSync(
      handle,
      `${JSON.stringify(claudeUser('Start.'))}\n${JSON.stringify(claudeUser('No, never push to main directly.'))}\n`,
    );
    closeSync(handle);
    // The rest is one 500 MB line without a newline (sparse on disk): the worst case for a reader.
    truncateSync(path, 500 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const transcript = await readTranscript(path);
    clearInterval(timer);
    expect(transcript.entries.map((entry) => entry.text)).toEqual([
      'Start.',
      'No, never push to main directly.',
    ]);
    expect(transcript.stats.oversized).toBe(1);
    expect(peak - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('a long transcript keeps every user message and bounded agent activity', async () => {
    const lines: unknown[] = [claudeUser('Task.')];
    for (let index = 0; index < 3000; index++)
      lines.push({
        type: 'assistant',
        sessionId: 'c1',
        uuid: `a${index}`,
        message: { role: 'assistant', content: [{ type: 'text', text: `step ${index}` }] },
      });
    lines.push(claudeUser('No, stop doing that.'));
    const transcript = await readTranscript(file('long.jsonl', lines), { maxEntries: 100 });
    expect(transcript.entries.filter((entry) => entry.role === 'user').map((entry) => entry.text)).toEqual([
      'Task.',
      'No, stop doing that.',
    ]);
    expect(transcript.entries.length).toBeLessThanOrEqual(202);
    expect(transcript.stats.dropped).toBeGreaterThan(2000);
  });
});

describe('window and digest', () => {
  it('reads only after the last reflected line, tail-capped, and fits the digest budget', async () => {
    const lines: unknown[] = [];
    for (let index = 0; index < 200; index++) lines.push(claudeUser(`message ${index} ${'x'.repeat(200)}`));
    const transcript = await readTranscript(file('window.jsonl', lines));
    const window = reflectionWindow(transcript.entries, { afterLine: 150, maxReplayChars: 60_000 });
    expect(window[0]!.line).toBe(151);
    const capped = reflectionWindow(transcript.entries, { maxReplayChars: 5_000 });
    expect(capped.at(-1)!.line).toBe(200);
    expect(capped.length).toBeLessThan(30);
    const digest = buildDigest(transcript.entries, 3000 * 4);
    expect(digest.length).toBeLessThanOrEqual(12_000);
    expect(digest.split('\n').at(-1)).toMatch(/^L200 user: message 199/);
  });
});

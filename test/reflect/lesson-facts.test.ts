/**
 * A saved lesson keeps the fact that makes it findable: after reflecting on a session where the
 * person says the project runs node --test, not jest, `memory search jest` finds the lesson. The
 * same session as OpenCode keeps it (an export with a reminder part beside the person's words,
 * and an answer the person stopped): the reader separates host text and reads the abort.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/reflect/transcripts/index.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo } from '../helpers/repo.js';

const TASK = 'Add a test for the date parser in src/parse.js.';
const CORRECTION = "No, we don't use jest any more in this project: the tests run with node --test.";

function claudeSession(): unknown[] {
  const base = { sessionId: 's-jest', cwd: '/w', isSidechain: false };
  const user = (content: unknown, uuid: string) => ({
    ...base,
    type: 'user',
    uuid,
    message: { role: 'user', content },
  });
  const assistant = (content: unknown[], uuid: string) => ({
    ...base,
    type: 'assistant',
    uuid,
    message: { role: 'assistant', content },
  });
  return [
    user([{ type: 'text', text: TASK }], 'u1'),
    assistant([{ type: 'text', text: 'I will add a jest test and run it.' }], 'a1'),
    assistant(
      [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'npx jest test/parse.test.js' } }],
      'a2',
    ),
    user([{ type: 'tool_result', tool_use_id: 't1', content: 'sh: jest: not found', is_error: true }], 'u2'),
    user([{ type: 'text', text: CORRECTION }], 'u3'),
    assistant(
      [{ type: 'text', text: 'Understood: I rewrote the test with node:test and ran node --test.' }],
      'a3',
    ),
    user([{ type: 'text', text: 'Thanks, that works.' }], 'u4'),
  ];
}

function opencodeExport(): unknown {
  const text = (value: string, extra = {}) => ({ type: 'text', text: value, ...extra });
  return {
    info: { id: 'ses_jest', directory: '/w' },
    messages: [
      {
        info: { id: 'm1', role: 'user' },
        parts: [
          text('<system-reminder>Lessons: none yet.</system-reminder>'),
          text(TASK),
          text('Called the Read tool with {"filePath":"src/parse.js"}', { synthetic: true }),
        ],
      },
      {
        info: { id: 'm2', role: 'assistant', error: { name: 'MessageAbortedError', data: {} } },
        parts: [
          {
            type: 'tool',
            tool: 'bash',
            callID: 'c1',
            state: { status: 'error', input: { command: 'npx jest test/parse.test.js' }, error: 'aborted' },
          },
        ],
      },
      { info: { id: 'm3', role: 'user' }, parts: [text(CORRECTION)] },
      { info: { id: 'm4', role: 'assistant' }, parts: [text('Rewrote the test with node:test.')] },
      { info: { id: 'm5', role: 'user' }, parts: [text('Thanks, that works.')] },
    ],
  };
}

/** A repository and the session transcript written beside it. */
function repoWithSession(name: string, content: string) {
  const root = makeRepo({ 'package.json': '{ "name": "dates", "scripts": { "test": "node --test" } }\n' });
  const file = join(root, name);
  writeFileSync(file, content);
  return { root, file };
}

describe('a lesson keeps its key fact', () => {
  it('after a Claude Code session, memory search jest finds the node --test lesson', async () => {
    const lines = claudeSession().map((line) => JSON.stringify(line));
    const { root, file } = repoWithSession('session.jsonl', `${lines.join('\n')}\n`);
    await expectFindable(root, file);
  });

  it('after the same session in OpenCode, too: reminder parts are context, the abort is an interrupt', async () => {
    const { root, file } = repoWithSession('session.json', `${JSON.stringify(opencodeExport(), null, 2)}\n`);
    const transcript = await readTranscript(file);
    const users = transcript.entries.filter((entry) => entry.role === 'user');
    expect(
      users.map((entry) => [entry.text.slice(0, 24), Boolean(entry.meta), Boolean(entry.interrupt)]),
    ).toEqual([
      ['<system-reminder>Lessons', true, false],
      [TASK.slice(0, 24), false, false],
      ['[interrupted]', true, true],
      [CORRECTION.slice(0, 24), false, false],
      ['Thanks, that works.', false, false],
    ]);
    await expectFindable(root, file);
  });
});

async function expectFindable(root: string, file: string): Promise<void> {
  const reflected = await runCliInProcess(
    ['reflect', 'transcript', file, '--save', '--json', '-C', root],
    root,
  );
  expect(reflected.code, reflected.stderr).toBe(0);
  const result = JSON.parse(reflected.stdout);
  expect(result.outcome, reflected.stdout).toBe('lessons');
  expect(result.steering.map((entry: { quote: string }) => entry.quote).join('\n')).toContain('jest');
  const found = await runCliInProcess(['memory', 'search', 'jest', '--json', '-C', root], root);
  expect(found.code, found.stderr).toBe(0);
  const text = found.stdout;
  expect(text, text).toMatch(/L-0001/);
  const lesson = JSON.stringify(JSON.parse(text));
  expect(lesson).toMatch(/jest/i);
  expect(lesson).toContain('node --test');
}

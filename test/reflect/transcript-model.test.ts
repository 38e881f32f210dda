/**
 * The model reflector on a transcript, against a real HTTP server on 127.0.0.1: it fills the same
 * shape as the offline one; an answer pointing past the transcript or naming a lesson that was
 * never served gets one retry; a server that is down falls back to the offline reflector. Also
 * `reflect transcript --reflector model` end to end through the config.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/llm/registry.js';
import { modelReflector } from '../../src/reflect/reflector.js';
import { reflectOnTranscript } from '../../src/reflect/transcript.js';
import { transcriptTask } from '../../src/reflect/transcript-task.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo } from '../helpers/repo.js';
import { downUrl, type ModelServer, openAiReply, startModelServer } from '../llm/model-server.js';

const transcript = fileURLToPath(
  new URL('../fixtures/transcripts/claude/served-ignored-pnpm.jsonl', import.meta.url),
);
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const reflector = (baseUrl: string) =>
  modelReflector(
    transcriptTask,
    createProvider(
      {
        provider: 'openai',
        baseUrl,
        model: 'local',
        timeoutMs: 3000,
        maxOutputTokens: 512,
        temperature: 0,
        jsonMode: false,
      },
      {},
    ),
  );

const answer = {
  steering: [{ line: 6, kind: 'restatement', quote: 'Again with npm!' }],
  lessons: [
    {
      text: 'Install dependencies with pnpm; this repository has no npm lockfile.',
      kind: 'project-belief',
      line: 6,
    },
  ],
  servedIgnored: ['L-0004'],
};

describe('model reflector on a transcript', () => {
  it('fills the same shape, with the digest and the served lessons in the prompt', async () => {
    server = await startModelServer([openAiReply(JSON.stringify(answer))]);
    const result = await reflectOnTranscript(transcript, { reflector: reflector(`${server.url}/v1`) });
    expect(result).toMatchObject({
      outcome: 'lessons',
      reflector: 'model',
      fallback: null,
      steering: [{ line: 6, kind: 'restatement', quote: 'Again with npm!' }],
      lessons: [{ kind: 5, line: 6 }],
      servedIgnored: ['L-0004'],
      message: '1 lesson to save. Served and ignored: L-0004.',
    });
    const prompt = server.requests[0]!.body.messages.at(-1).content as string;
    expect(prompt).toContain('[lesson L-0004] Use pnpm in this repository');
    expect(prompt).toContain('L6 user: Again with npm!');
    expect(server.requests[0]!.body.messages[0]).toMatchObject({ role: 'system' });
  });

  it('gets the same digest as the offline reader, at most 3k tokens, on a long session', async () => {
    const root = makeRepo({});
    const file = join(root, 'long.jsonl');
    const line = (type: string, content: unknown) =>
      JSON.stringify({ type, sessionId: 's', uuid: type, message: { role: type, content } });
    const rows = [
      line('user', [
        { type: 'text', text: '<system-reminder>\n[lesson L-0007] Use pnpm here.\n</system-reminder>' },
        { type: 'text', text: 'add a cache to the loader' },
      ]),
    ];
    for (let index = 0; index < 300; index++)
      rows.push(
        line('assistant', [
          { type: 'tool_use', id: `t${index}`, name: 'Read', input: { file_path: `src/f${index}.ts` } },
        ]),
        line('user', [{ type: 'tool_result', tool_use_id: `t${index}`, content: 'x'.repeat(600) }]),
      );
    rows.push(line('user', 'no. we never cache in the loader, the caller owns caching'));
    writeFileSync(file, `${rows.join('\n')}\n`);
    server = await startModelServer([openAiReply('{"steering":[],"lessons":[],"servedIgnored":[]}')]);
    await reflectOnTranscript(file, { reflector: reflector(`${server.url}/v1`) });
    const sent = JSON.parse(server.requests[0]!.body.messages.at(-1).content as string);
    expect(sent.session.length).toBeLessThanOrEqual(3000 * 4);
    // The request survives the cut (the reminder block before it is not the request), and so does the correction.
    expect(sent.session).toContain('L1 user: add a cache to the loader');
    expect(sent.session).not.toContain('L1 user: <system-reminder>');
    expect(sent.session).toContain(`L${rows.length} user: no. we never cache in the loader`);
    expect(sent.served_lessons).toEqual(['[lesson L-0007] Use pnpm here.']);
  });

  it('an empty answer says exactly "Nothing to save."', async () => {
    server = await startModelServer([openAiReply('{"steering":[],"lessons":[],"servedIgnored":[]}')]);
    const result = await reflectOnTranscript(transcript, { reflector: reflector(`${server.url}/v1`) });
    expect(result).toMatchObject({
      outcome: 'nothing-to-save',
      message: 'Nothing to save.',
      reflector: 'model',
    });
  });

  it('retries once when the answer points past the transcript or names a lesson never served', async () => {
    server = await startModelServer([
      openAiReply(JSON.stringify({ ...answer, steering: [{ line: 999, kind: 'correction', quote: 'x' }] })),
      openAiReply(JSON.stringify({ ...answer, servedIgnored: ['L-0042'] })),
    ]);
    const result = await reflectOnTranscript(transcript, { reflector: reflector(`${server.url}/v1`) });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.messages.at(-1).content).toContain(
      'line 999 is past the end of the transcript',
    );
    // two invalid answers: the offline reflector decides, and says why
    expect(result.reflector).toBe('offline');
    expect(result.fallback).toContain('L-0042 was not served');
    expect(result.servedIgnored).toEqual(['L-0004']);
  });

  it('a server that is down falls back to the offline reflector at once', async () => {
    const result = await reflectOnTranscript(transcript, { reflector: reflector(`${await downUrl()}/v1`) });
    expect(result).toMatchObject({
      reflector: 'offline',
      outcome: 'served-ignored',
      servedIgnored: ['L-0004'],
    });
    expect(result.fallback).toMatch(/^unreachable/);
  });

  it('reflect transcript --reflector model uses the configured llm', async () => {
    server = await startModelServer([openAiReply(JSON.stringify(answer))]);
    const repo = makeRepo({});
    writeFileSync(
      join(repo, 'opencode-plusplus.config.json'),
      JSON.stringify({ llm: { provider: 'openai', baseUrl: `${server.url}/v1`, model: 'local' } }),
    );
    const run = await runCliInProcess([
      'reflect',
      'transcript',
      transcript,
      '--reflector',
      'model',
      '-C',
      repo,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ reflector: 'model', outcome: 'lessons', saved: null });
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage } from '../../src/context/build.js';
import { addLesson, recordIgnored, showLesson } from '../../src/memory/lesson-store.js';
import { findRelevantLessons, serveLessons } from '../../src/memory/relevance.js';
import { readServed, recordServed } from '../../src/memory/served.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

const now = new Date('2026-03-04T10:00:00Z');

async function store(): Promise<string> {
  const root = makeTempDir();
  await addLesson(
    root,
    { text: 'Database migrations must be reversible; write the down step too.', scope: ['db/migrations/**'] },
    { now },
  );
  await addLesson(root, { text: 'Prices are integers in cents, never floats.', kind: 3 }, { now });
  await addLesson(
    root,
    { text: 'The React components use hooks only, no classes.', scope: ['web/**'], kind: 1 },
    { now },
  );
  return root;
}

describe('relevance', () => {
  it('matches lessons by scope and by shared words, saying why', async () => {
    const root = await store();
    const lessons = await findRelevantLessons(root, {
      task: 'add a migration for the orders table',
      paths: ['db/migrations/0007_orders.sql'],
    });
    expect(lessons.map((lesson) => lesson.id)).toEqual(['L-0001']);
    expect(lessons[0]!.reasons).toEqual([
      'scope db/migrations/** matches db/migrations/0007_orders.sql',
      'shares "migration" with the task',
    ]);
    const prices = await findRelevantLessons(root, { task: 'Show prices with two decimals' });
    expect(prices.map((lesson) => lesson.id)).toEqual(['L-0002']);
    expect(await findRelevantLessons(root, { task: 'rename the logger' })).toEqual([]);
  });

  it('without a task serves every live lesson, repository-wide ones first', async () => {
    const root = await store();
    expect((await findRelevantLessons(root)).map((lesson) => lesson.id)).toEqual([
      'L-0002',
      'L-0003',
      'L-0001',
    ]);
    expect((await findRelevantLessons(root, { limit: 1 })).map((lesson) => lesson.id)).toEqual(['L-0002']);
  });
});

describe('served lessons', () => {
  it('records what was served to whom and counts it on the lesson', async () => {
    const root = await store();
    const served = await serveLessons(
      root,
      { task: 'migration', via: 'pack', target: 'task-12', session: 's-1' },
      { now },
    );
    expect(served.map((lesson) => lesson.line)).toEqual([
      '[lesson L-0001] Database migrations must be reversible; write the down step too.',
    ]);
    expect(await readServed(root)).toEqual([
      { at: '2026-03-04T10:00:00.000Z', via: 'pack', target: 'task-12', session: 's-1', lessons: ['L-0001'] },
    ]);
    expect(await showLesson(root, 'L-0001')).toMatchObject({ timesServed: 1, lastServed: '2026-03-04' });
    expect(await recordIgnored(root, ['L-0001', 'L-0077'], 's-1', { now })).toEqual(['L-0001']);
    expect((await showLesson(root, 'L-0001')).timesIgnored).toBe(1);
    const listed = await runCliInProcess(['memory', 'served', '--lesson', 'L-1', '--json'], root);
    expect(JSON.parse(listed.stdout).records).toHaveLength(1);
  });

  it('records a repeated serving only when asked to, or when the set changed', async () => {
    const root = await store();
    const request = { via: 'build', target: 'AGENTS.md', lessons: ['L-0002'], onlyIfChanged: true };
    expect(await recordServed(root, request, { now })).toBe(true);
    expect(await recordServed(root, request, { now })).toBe(false);
    expect(await recordServed(root, { ...request, lessons: ['L-0002', 'L-0003'] }, { now })).toBe(true);
    expect((await readServed(root)).map((record) => record.lessons)).toEqual([
      ['L-0002'],
      ['L-0002', 'L-0003'],
    ]);
  });

  it('a malformed served.jsonl line is a clear error naming the line', async () => {
    const root = await store();
    await recordServed(root, { via: 'hook', target: 's', lessons: ['L-0001'] }, { now });
    const file = join(root, '.agent-context/memory/served.jsonl');
    writeFileSync(file, `${readFileSync(file, 'utf8')}{not json\n`);
    const run = await runCliInProcess(['memory', 'served'], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.agent-context/memory/served.jsonl:2: not a JSON line');
  });
});

describe('lessons flow back into AGENTS.md', () => {
  it('build lists the lessons in the managed block and records the serving once', async () => {
    const root = makeRepo({ 'package.json': '{"name":"shop"}', 'src/index.ts': 'export const a = 1;\n' });
    await addLesson(root, { text: 'Prices are integers in cents, never floats.' }, { now });
    await buildContextPackage(root);
    const agents = readFileSync(join(root, 'AGENTS.md'), 'utf8');
    expect(agents).toContain(
      '### Lessons from earlier sessions\n- [lesson L-0001] Prices are integers in cents, never floats.',
    );
    await buildContextPackage(root);
    const records = await readServed(root);
    expect(records).toEqual([
      expect.objectContaining({ via: 'build', target: 'AGENTS.md', lessons: ['L-0001'] }),
    ]);
    expect((await showLesson(root, 'L-0001')).timesServed).toBe(1);
  });

  it('a repository without lessons gets no memory folder from build', async () => {
    const root = makeRepo({ 'package.json': '{"name":"shop"}' });
    await buildContextPackage(root);
    expect(readFileSync(join(root, 'AGENTS.md'), 'utf8')).not.toContain('Lessons from earlier sessions');
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(root, '.agent-context/memory'))).toBe(false);
  });
});

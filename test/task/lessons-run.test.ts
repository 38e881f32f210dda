import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loop, traceRun, update } from '../../src/api/index.js';
import { memoryAdd, memoryForget } from '../../src/api/memory.js';
import { pack, packMarkdown, retrieve } from '../../src/api/retrieval.js';
import { startRun, task } from '../../src/api/task.js';
import { taskIdOf } from '../../src/task/task-id.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';
import { retryProject } from '../retrieve/fixture.js';

const TASK = 'fix the timeout when a retry is aborted';

function servedRecords(root: string): Array<{ via: string; target: string; lessons: string[] }> {
  const file = join(root, '.agent-context/memory/served.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('lessons in task packs', () => {
  it('serves a matching lesson with the pack, ranks the file it is scoped to, and records the serving', async () => {
    const root = makeRepo(retryProject);
    const before = await pack(TASK, root);
    expect(before.lessons).toEqual([]);
    const rankOf = (result: typeof before) =>
      result.files.findIndex((file) => file.path === 'src/util/headers.ts');
    // Nothing served, nothing written: no memory folder appears.
    expect(existsSync(join(root, '.agent-context/memory'))).toBe(false);

    await memoryAdd(
      'A retry timeout must be cleared through the header helpers, or an aborted retry leaks a timer',
      root,
      {
        scope: ['src/util/headers.ts'],
      },
    );
    await memoryAdd('Release notes are written by scripts/release.py from the changelog', root);

    const after = await pack(TASK, root);
    expect(after.lessons.map((lesson) => lesson.id)).toEqual(['L-0001']);
    expect(after.lessons[0]!.line).toBe(
      '[lesson L-0001] A retry timeout must be cleared through the header helpers, or an aborted retry leaks a timer',
    );
    expect(after.lessons[0]!.reasons.join(' ')).toMatch(/shares .*"timeout"/);
    expect(rankOf(after)).toBeGreaterThanOrEqual(0);
    expect(rankOf(after)).toBeLessThan(rankOf(before) < 0 ? Number.POSITIVE_INFINITY : rankOf(before));
    const headers = after.files.find((file) => file.path === 'src/util/headers.ts');
    expect(headers?.reasons).toContain('in the scope (src/util/headers.ts) of lesson L-0001');
    expect(headers?.signals.lessons).toBeGreaterThan(0);

    const markdown = packMarkdown(after);
    expect(markdown).toContain('## Lessons from earlier sessions\n\n- [lesson L-0001] A retry timeout');
    expect(markdown).not.toContain('L-0002');
    expect(markdown.indexOf('## Lessons')).toBeLessThan(markdown.indexOf('## Files to read'));

    const packs = () => servedRecords(root).filter((record) => record.via === 'pack');
    expect(packs()).toEqual([expect.objectContaining({ target: taskIdOf(TASK), lessons: ['L-0001'] })]);
    // The same lessons for the same task are not news.
    await pack(TASK, root);
    expect(packs()).toHaveLength(1);
  });

  it('names a file by the path in its text; the plain-BM25 ablation and forgotten lessons ignore it', async () => {
    const root = makeRepo(retryProject);
    const added = await memoryAdd(
      'When an aborted retry times out, check src/util/headers.ts: the timeout header is normalised there',
      root,
    );
    expect(added).toMatchObject({ type: 'lesson' });
    const ranked = await retrieve(TASK, root);
    const headers = ranked.files.find((file) => file.path === 'src/util/headers.ts');
    expect(headers?.reasons).toContain('named by lesson L-0001');

    const ablation = await retrieve(TASK, root, { mode: 'plain-bm25' });
    expect(ablation.files.every((file) => file.signals.lessons === undefined)).toBe(true);

    await memoryForget('L-0001', 'no longer true', root);
    const forgotten = await pack(TASK, root);
    expect(forgotten.lessons).toEqual([]);
    expect(forgotten.files.find((file) => file.path === 'src/util/headers.ts')?.reasons ?? []).not.toContain(
      'named by lesson L-0001',
    );
  });

  it('a task run carries the lessons into pack.md, every prompt and run.json', async () => {
    const root = makeRepo(retryProject);
    await memoryAdd('An aborted retry must clear its timeout before it returns', root, { scope: ['src/**'] });
    const run = await task(TASK, root);
    const read = (name: string) => readFileSync(join(root, run.runDir, name), 'utf8');
    expect(read('pack.md')).toContain('- [lesson L-0001] An aborted retry must clear its timeout');
    for (const executor of ['claude', 'codex', 'cursor', 'opencode', 'mimocode'])
      expect(read(`prompt.${executor}.md`)).toContain('  - [lesson L-0001] An aborted retry');
    expect(JSON.parse(read('run.json')).lessons).toEqual(['L-0001']);
    expect(servedRecords(root)).toContainEqual(
      expect.objectContaining({ via: 'task', target: run.runDir, lessons: ['L-0001'] }),
    );
  });

  it('an unreadable lesson store leaves the pack working and says why', async () => {
    const root = makeRepo({
      ...retryProject,
      '.agent-context/memory/lessons/L-0001.md': '---\nid: L-0001\nscope: src/**\n',
    });
    const result = await pack(TASK, root);
    expect(result.files[0]?.path).toBe('src/retry.ts');
    expect(result.lessons).toEqual([]);
    expect(result.notes).toContainEqual(
      expect.stringMatching(
        /^lesson skipped: \.agent-context\/memory\/lessons\/L-0001\.md: front matter is not closed/,
      ),
    );
  });
});

const loopProject = {
  'package.json': JSON.stringify({ name: 'loopy', type: 'module', scripts: { test: 'node --test test/' } }),
  'src/math.js': '/** Adds numbers. */\nexport function add(a, b) {\n  return a + b;\n}\n',
  'test/math.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { add } from '../src/math.js';\ntest('adds', () => assert.equal(add(1, 2), 3));\n",
};
const LOOP_TASK = 'make add in src/math.js accept numeric strings';

describe('run', () => {
  it('writes the run, starts a trace for it and records the trace in state.json', async () => {
    const root = makeRepo(loopProject);
    const started = await startRun(LOOP_TASK, root, { agent: 'claude' });
    expect(started).toMatchObject({ taskId: taskIdOf(LOOP_TASK), state: 'EDIT_BOUNDARY_READY' });
    expect(started.trace).toBe(`.agent-context/traces/${started.traceId}.json`);
    const trace = JSON.parse(readFileSync(join(root, started.trace), 'utf8'));
    expect(trace).toMatchObject({ id: started.traceId, taskId: started.taskId, agent: { name: 'claude' } });
    const state = JSON.parse(readFileSync(join(root, started.runDir, 'state.json'), 'utf8'));
    expect(state).toMatchObject({ state: 'EDIT_BOUNDARY_READY', traceId: started.traceId });

    // Re-packing the task keeps the trace.
    await task(LOOP_TASK, root);
    expect(JSON.parse(readFileSync(join(root, started.runDir, 'state.json'), 'utf8')).traceId).toBe(
      started.traceId,
    );

    // The loop reads the recorded trace's evidence without --trace.
    writeTree(root, {
      'src/math.js':
        '/** Adds numbers. */\nexport function add(a, b) {\n  return Number(a) + Number(b);\n}\n',
      'test/math.test.js': `${loopProject['test/math.test.js']}test('adds strings', () => assert.equal(add('1', '2'), 3));\n`,
    });
    await update(root);
    const untested = await loop(LOOP_TASK, root, { phase: 'after-edit' });
    expect(untested.next.action).toBe('run-tests');
    expect(untested.next.command).toContain(`trace run ${started.traceId} --`);
    await traceRun(root, started.traceId, { command: ['npm', 'test'] });
    const done = await loop(LOOP_TASK, root, { phase: 'after-edit' });
    expect(done.next).toMatchObject({ action: 'ready-for-review', blocking: false });
  });

  it('prints both ids, and one JSON document under --json', () => {
    const root = makeRepo(loopProject);
    const text = runCli(['run', LOOP_TASK, '.'], root, { NO_COLOR: '1' });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Task ${taskIdOf(LOOP_TASK)} is EDIT_BOUNDARY_READY`);
    expect(text.stdout).toMatch(/Trace tr-[\w-]+ started: \.agent-context\/traces\/tr-[\w-]+\.json/);

    const json = runCli(['run', LOOP_TASK, '.', '--json', '--agent', 'codex'], root);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result.taskId).toBe(taskIdOf(LOOP_TASK));
    expect(result.traceId).toMatch(/^tr-/);
    expect(existsSync(join(root, result.trace))).toBe(true);

    const empty = runCli(['run', '   ', '.'], root);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/task/i);
  });
});

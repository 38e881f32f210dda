import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addLesson,
  forgetLesson,
  listLessons,
  readMemory,
  showLesson,
} from '../../src/memory/lesson-store.js';
import { withMemory } from '../../src/memory/store.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/repo.js';

const now = new Date('2026-03-04T10:20:30Z');
const memory = (root: string, file = '') => join(root, '.agent-context', 'memory', file);
const read = (root: string, file: string) => readFileSync(memory(root, file), 'utf8');

describe('lesson store', () => {
  it('adds lessons with sequential ids, an index line, a lesson file and a daily note', async () => {
    const root = makeTempDir();
    const first = await addLesson(
      root,
      { text: 'Run npm run build before the CLI tests. They spawn dist/.', scope: ['test/**'] },
      { now },
    );
    const second = await addLesson(root, { text: 'Prefer named exports.', kind: 1 }, { now });
    expect([first.lesson.id, second.lesson.id]).toEqual(['L-0001', 'L-0002']);
    expect(first.lesson.line).toBe('[lesson L-0001] Run npm run build before the CLI tests.');
    expect(read(root, 'MEMORY.md')).toMatch(
      /## Lessons\n\n- \[lesson L-0001\] Run npm run build before the CLI tests\.\n- \[lesson L-0002\] Prefer named exports\.\n$/,
    );
    expect(read(root, 'lessons/L-0001.md')).toBe(
      [
        '---',
        'id: "L-0001"',
        'kind: 5',
        'scope: ["test/**"]',
        'created: "2026-03-04"',
        'last_served: null',
        'times_served: 0',
        'times_ignored: 0',
        'source_session: "cli"',
        'status: "active"',
        '---',
        '',
        'Run npm run build before the CLI tests. They spawn dist/.',
        '',
      ].join('\n'),
    );
    expect(read(root, '2026-03-04.md')).toBe(
      '# Memory notes, 2026-03-04\n\n- 10:20:30 UTC saved [lesson L-0001] (cli)\n  - Run npm run build before the CLI tests.\n- 10:20:30 UTC saved [lesson L-0002] (cli)\n  - Prefer named exports.\n',
    );
  });

  it('writes byte-identical files for the same lessons and clock', async () => {
    const files = async () => {
      const root = makeTempDir();
      await addLesson(root, { text: 'One.', scope: ['b/**', 'a/**'] }, { now });
      await addLesson(root, { text: 'Two.' }, { now });
      return ['MEMORY.md', 'lessons/L-0001.md', 'lessons/L-0002.md', '2026-03-04.md'].map((file) =>
        read(root, file),
      );
    };
    expect(await files()).toEqual(await files());
  });

  it('recognises a duplicate instead of saving it twice', async () => {
    const root = makeTempDir();
    await addLesson(root, { text: 'Use pnpm, not npm.' }, { now });
    const again = await addLesson(root, { text: '  use PNPM, not npm ' }, { now });
    expect(again).toMatchObject({ status: 'duplicate', lesson: { id: 'L-0001' } });
    expect(readdirSync(memory(root, 'lessons'))).toEqual(['L-0001.md']);
  });

  it('forgets a lesson: off the index, file kept as forgotten, id never reused', async () => {
    const root = makeTempDir();
    await addLesson(root, { text: 'First.' }, { now });
    await addLesson(root, { text: 'Second.' }, { now });
    const { lesson } = await forgetLesson(root, 'L-0002', 'no longer true', { now });
    expect(lesson).toMatchObject({ status: 'forgotten', indexLine: null });
    expect(read(root, 'MEMORY.md')).not.toContain('L-0002');
    expect(read(root, 'lessons/L-0002.md')).toContain('forgotten_reason: "no longer true"');
    expect((await addLesson(root, { text: 'Third.' }, { now })).lesson.id).toBe('L-0003');
    expect((await listLessons(root)).map((view) => view.id)).toEqual(['L-0001', 'L-0003']);
    expect((await listLessons(root, { all: true })).map((view) => view.id)).toEqual([
      'L-0001',
      'L-0002',
      'L-0003',
    ]);
    await expect(forgetLesson(root, 'L-0002', 'again')).rejects.toThrow(/already forgotten/);
  });

  it('keeps what a person wrote in MEMORY.md and serves hand-written lines', async () => {
    const root = makeTempDir();
    await addLesson(root, { text: 'First.' }, { now });
    const edited = `${read(root, 'MEMORY.md')}- [lesson L-0007] Written by hand.\n\nA note from a person.\n`;
    writeFileSync(memory(root, 'MEMORY.md'), edited);
    const added = await addLesson(root, { text: 'Next one.' }, { now });
    expect(added.lesson.id).toBe('L-0008');
    const text = read(root, 'MEMORY.md');
    expect(text).toContain(
      '- [lesson L-0007] Written by hand.\n- [lesson L-0008] Next one.\n\nA note from a person.\n',
    );
    const manual = (await listLessons(root)).find((view) => view.id === 'L-0007');
    expect(manual).toMatchObject({
      status: 'index-only',
      line: '[lesson L-0007] Written by hand.',
      file: null,
    });
  });

  it('lists a broken lesson file as a problem, never overwrites it, and never reuses its id', async () => {
    const root = makeTempDir();
    await addLesson(root, { text: 'First.' }, { now });
    writeFileSync(
      memory(root, 'lessons/L-0002.md'),
      '---\nid: "L-0002"\nkind: 9\ncreated: "2026-01-01"\n---\n\nBroken.\n',
    );
    const snapshot = await readMemory(root);
    expect(snapshot.problems).toEqual([
      {
        file: '.agent-context/memory/lessons/L-0002.md',
        message: 'kind: Too big: expected number to be <=6',
      },
    ]);
    await expect(showLesson(root, 'L-0002')).rejects.toMatchObject({
      details: { file: '.agent-context/memory/lessons/L-0002.md' },
    });
    expect((await addLesson(root, { text: 'Another.' }, { now })).lesson.id).toBe('L-0003');
    expect(read(root, 'lessons/L-0002.md')).toContain('kind: 9');
  });
});

describe('lesson store: drift', () => {
  it('refuses a write based on a MEMORY.md that changed since it was read, and backs both up', async () => {
    const root = makeTempDir();
    await addLesson(root, { text: 'First.' }, { now });
    const snapshot = await readMemory(root);
    const edited = `${read(root, 'MEMORY.md')}- [lesson L-0002] Added by a person meanwhile.\n`;
    writeFileSync(memory(root, 'MEMORY.md'), edited);
    await expect(
      addLesson(root, { text: 'Decided on stale data.' }, { now, basedOn: snapshot }),
    ).rejects.toMatchObject({
      code: 'STATE_CONFLICT',
      message: 'MEMORY.md changed on disk since it was read: write refused',
    });
    expect(read(root, 'MEMORY.md')).toBe(edited);
    expect(existsSync(memory(root, 'lessons/L-0003.md'))).toBe(false);
    const [folder] = readdirSync(memory(root, 'conflicts'));
    expect(folder).toMatch(/^20260304T102030Z-\d+$/);
    expect(readFileSync(memory(root, `conflicts/${folder}/MEMORY.md.disk`), 'utf8')).toBe(edited);
    expect(readFileSync(memory(root, `conflicts/${folder}/MEMORY.md.ours`), 'utf8')).toContain(
      'Decided on stale data.',
    );
  });

  it('refuses a write when the file changes on disk between the read and the write', async () => {
    const root = makeTempDir();
    await addLesson(root, { text: 'First.' }, { now });
    await expect(
      withMemory(root, async (transaction) => {
        const text = await transaction.read('MEMORY.md');
        writeFileSync(memory(root, 'MEMORY.md'), `${text}- [lesson L-0009] An editor saved this.\n`);
        await transaction.write('MEMORY.md', `${text}- [lesson L-0002] Ours.\n`);
      }),
    ).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
    expect(read(root, 'MEMORY.md')).toContain('An editor saved this.');
    expect(read(root, 'MEMORY.md')).not.toContain('Ours.');
  });

  it('memory add --expect-hash refuses once MEMORY.md moved (exit 2)', async () => {
    const root = makeTempDir();
    await runCliInProcess(['memory', 'add', 'First.'], root);
    const hash = JSON.parse((await runCliInProcess(['memory', 'list', '--json'], root)).stdout).indexHash;
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const ok = await runCliInProcess(['memory', 'add', 'Second.', '--expect-hash', hash], root);
    expect(ok.code).toBe(0);
    const stale = await runCliInProcess(['memory', 'add', 'Third.', '--expect-hash', hash], root);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toContain(
      '.agent-context/memory/MEMORY.md: MEMORY.md changed on disk since it was read: write refused',
    );
    expect(stale.stderr).toContain('both versions are saved in .agent-context/memory/conflicts/');
  });
});

describe('lesson store: bad input', () => {
  it('refuses a lesson of 100 KB and an empty one, writing nothing', async () => {
    const root = makeTempDir();
    const big = await runCliInProcess(['memory', 'add', 'a'.repeat(100 * 1024)], root);
    expect(big.code).toBe(2);
    expect(big.stderr).toContain('the lesson is 102400 characters; at most 2000 are accepted');
    const empty = await runCliInProcess(['memory', 'add', '   '], root);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('the lesson text is empty');
    expect(existsSync(memory(root))).toBe(false);
  });

  it('a lesson id that does not exist, or is not an id, is a clear error (exit 2)', async () => {
    const root = makeTempDir();
    await runCliInProcess(['memory', 'add', 'Only one.'], root);
    const missing = await runCliInProcess(['memory', 'show', 'L-0042'], root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no lesson L-0042 in .agent-context/memory/');
    expect(missing.stderr).toContain('known lessons: L-0001');
    const json = await runCliInProcess(['memory', 'forget', 'L-0042', '--json'], root);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).error.code).toBe('NOT_FOUND');
    const notAnId = await runCliInProcess(['memory', 'show', 'lesson-one'], root);
    expect(notAnId.code).toBe(2);
    expect(notAnId.stderr).toContain('"lesson-one" is not a lesson id');
    expect((await runCliInProcess(['memory', 'show', 'l-1'], root)).stdout).toContain(
      '[lesson L-0001] Only one.',
    );
  });

  it('refuses an unknown kind and a scope outside the repository', async () => {
    const root = makeTempDir();
    expect((await runCliInProcess(['memory', 'add', 'x y', '--kind', 'vibes'], root)).stderr).toContain(
      'unknown lesson kind "vibes"',
    );
    expect(
      (await runCliInProcess(['memory', 'add', 'x y', '--scope', '../other/**'], root)).stderr,
    ).toContain('scope "../other/**" is not a repository-relative posix glob');
    const named = JSON.parse(
      (await runCliInProcess(['memory', 'add', 'A method.', '--kind', 'method', '--json'], root)).stdout,
    );
    expect(named.lesson).toMatchObject({ kind: 2, kindName: 'method' });
  });
});

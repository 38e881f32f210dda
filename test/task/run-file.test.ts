import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drift, loop } from '../../src/api/index.js';
import { OcppError } from '../../src/shared/errors.js';
import {
  findRunForTask,
  parseRunRecord,
  readRunFile,
  readRunFiles,
  runFacts,
} from '../../src/task/run-file.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

function writeRun(root: string, taskId: string, value: unknown): void {
  mkdirSync(join(root, '.agent-context/runs', taskId), { recursive: true });
  writeFileSync(join(root, '.agent-context/runs', taskId, 'run.json'), JSON.stringify(value));
}

describe('run.json: one schema, one reader', () => {
  it('reads a current run and derives what the loop needs from it', async () => {
    const root = makeTempDir();
    writeRun(root, 'a-1', {
      schemaVersion: 1,
      taskId: 'a-1',
      task: 'fix the parser',
      files: [
        { path: 'src/b.ts', representation: 'full' },
        { path: 'src/a.ts', representation: 'line' },
      ],
      tests: [{ path: 'test/b.test.ts' }],
      editBoundary: { allowedEditGlobs: ['src/**'] },
      budget: 900,
    });
    const found = await findRunForTask(root, '  fix the parser ');
    expect(found?.taskId).toBe('a-1');
    expect(runFacts(found!.taskId, found!.record)).toEqual({
      taskId: 'a-1',
      files: ['src/b.ts', 'src/a.ts'],
      expected: ['src/b.ts'],
      expectedMode: 'any',
      tests: ['test/b.test.ts'],
      allowedEditGlobs: ['src/**'],
      avoidEditGlobs: [],
      budget: 900,
    });
    expect(await findRunForTask(root, 'another task')).toBeUndefined();
  });

  it('a missing run is a fact; an unknown version or a wrong shape is a clear error', async () => {
    const root = makeTempDir();
    expect(await readRunFile(root, 'none')).toBeUndefined();
    expect(() => parseRunRecord('{"schemaVersion":2,"task":"x"}', 'runs/x/run.json')).toThrow(
      /run\.json schemaVersion 2 is not one this tool reads \(1\)/,
    );
    expect(() => parseRunRecord('{"task":"x"}', 'runs/x/run.json')).toThrow(/schemaVersion undefined/);
    expect(() => parseRunRecord('{"schemaVersion":1,"files":"src/a.ts"}', 'runs/x/run.json')).toThrow(
      /not a valid run\.json: files/,
    );
  });

  it('a run.json that is a folder is unreadable, not absent, and drift says so', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    mkdirSync(join(root, '.agent-context/runs/broken-1/run.json'), { recursive: true });
    writeRun(root, 'newer-2', { schemaVersion: 7, task: 't' });
    // a stray file under runs/ is not a run (ENOTDIR below it is "missing")
    writeFileSync(join(root, '.agent-context/runs/notes.txt'), 'x');
    const reads = await readRunFiles(root);
    expect(reads.map((read) => [read.taskId, read.problem?.message.replace(/\/.*\/runs/, 'runs')])).toEqual([
      ['broken-1', 'cannot read runs/broken-1/run.json: EISDIR (a folder where a file was expected)'],
      ['newer-2', 'run.json schemaVersion 7 is not one this tool reads (1)'],
    ]);
    runCli(['build', root], root);
    const report = await drift(root);
    expect(
      report.findings.filter((finding) => finding.kind === 'task-pack-unreadable').map((f) => f.file),
    ).toEqual(['.agent-context/runs/broken-1/run.json', '.agent-context/runs/newer-2/run.json']);
  });

  it('the loop refuses a run.json of a newer version instead of guessing its shape', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    writeRun(root, 't-1', { schemaVersion: 2, task: 'do it' });
    expect.assertions(2);
    try {
      await loop('do it', root);
    } catch (error) {
      expect(error).toBeInstanceOf(OcppError);
      expect((error as OcppError).code).toBe('STATE_VERSION');
    }
  });
});

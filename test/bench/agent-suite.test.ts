/**
 * The suite format and the shipped suite: bad suites are clear errors (file, line, key), and every
 * shipped task's hidden check really decides: it fails on the starting tree and passes on the
 * reference solution kept beside it (bench/agent-suite/solutions/<id>/). Real child processes:
 * node, python3, cargo, javac.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../src/bench/agent/check.js';
import { parseModes } from '../../src/bench/agent/modes.js';
import { loadSuite, selectTasks } from '../../src/bench/agent/suite.js';
import { OcppError } from '../../src/shared/errors.js';

const SUITE_DIR = fileURLToPath(new URL('../../bench/agent-suite/', import.meta.url));
const shipped = await loadSuite(join(SUITE_DIR, 'suite.json'));

function suiteFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ocpp-suite-')), 'suite.json');
  writeFileSync(file, text);
  return file;
}

async function loadError(text: string): Promise<OcppError> {
  const error = await loadSuite(suiteFile(text)).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(OcppError);
  return error as OcppError;
}

describe('suite files', () => {
  it('resolves folders against the suite file and keeps git URLs', async () => {
    const file = suiteFile(
      JSON.stringify({
        schemaVersion: 1,
        tasks: [
          { id: 'a', repo: 'repos/x', task: 'do a', check: 'true' },
          {
            id: 'b',
            repo: 'https://example.invalid/r.git',
            ref: 'v1',
            task: 'do b',
            check: 'true',
            maxLoops: 5,
          },
        ],
      }),
    );
    const suite = await loadSuite(file);
    expect(suite.tasks[0]).toMatchObject({
      repo: join(suite.directory, 'repos/x'),
      repoKind: 'folder',
      maxLoops: 3,
    });
    expect(suite.tasks[1]).toMatchObject({ repoKind: 'git-url', ref: 'v1', maxLoops: 5 });
    expect(selectTasks(suite, ['b']).map((task) => task.id)).toEqual(['b']);
    expect(() => selectTasks(suite, ['c'])).toThrow(/--only names no task of the suite: c/);
  });

  it('names the line and key of a wrong field, an unknown key and a duplicate id', async () => {
    const wrong = await loadError(
      '{\n  "schemaVersion": 1,\n  "tasks": [\n    { "id": "a", "repo": "r", "task": "t", "check": 3 }\n  ]\n}\n',
    );
    expect(wrong.details).toMatchObject({ key: 'tasks.0.check', line: 4 });
    const unknown = await loadError(
      '{"schemaVersion": 1, "tasks": [{"id": "a", "repo": "r", "task": "t", "check": "c", "hint": "x"}]}',
    );
    expect(unknown.message).toMatch(/unknown key "hint"/);
    const duplicate = await loadError(
      JSON.stringify({
        schemaVersion: 1,
        tasks: [
          { id: 'a', repo: 'r', task: 't', check: 'c' },
          { id: 'a', repo: 'r', task: 't', check: 'c' },
        ],
      }),
    );
    expect(duplicate.details.key).toBe('tasks.1.id');
    expect((await loadError('{"schemaVersion": 2, "tasks": []}')).details.key).toBe('schemaVersion');
    expect((await loadError('{"schemaVersion": 1,')).message).toMatch(/invalid JSON/);
    await expect(loadSuite(join(tmpdir(), 'no-such-suite.json'))).rejects.toThrow(/no such suite file/);
  });

  it('parses --modes and refuses unknown ones', () => {
    expect(parseModes(undefined)).toEqual(['no-context', 'agents-md', 'context-pack', 'loop']);
    expect(parseModes('loop, no-context,loop')).toEqual(['loop', 'no-context']);
    expect(() => parseModes('loop,fast')).toThrow(/unknown: fast/);
    expect(() => parseModes(',')).toThrow(/comma-separated list/);
  });
});

describe('the shipped suite (bench/agent-suite/)', () => {
  it('has at least ten tasks in several languages, bugs, features, refactors and a protected-file temptation', async () => {
    expect(shipped.tasks.length).toBeGreaterThanOrEqual(10);
    const ids = shipped.tasks.map((task) => task.id);
    expect(ids.some((id) => id.startsWith('py-'))).toBe(true);
    expect(ids.some((id) => id.startsWith('rust-'))).toBe(true);
    expect(ids.some((id) => id.startsWith('java-'))).toBe(true);
    expect(ids.some((id) => id.startsWith('cjs-'))).toBe(true);
    for (const task of shipped.tasks) expect(task.task).not.toContain(task.check);
  });

  it.each(shipped.tasks.map((task) => [task.id, task] as const))(
    '%s: the hidden check fails on the starting tree and passes on the reference solution',
    async (id, task) => {
      const tree = mkdtempSync(join(tmpdir(), `ocpp-check-${id}-`));
      try {
        cpSync(task.repo, tree, { recursive: true });
        const before = await runCheck(task.check, tree, SUITE_DIR, 120_000);
        expect(before.passed, before.outputTail).toBe(false);
        cpSync(join(SUITE_DIR, 'solutions', id), tree, { recursive: true });
        const after = await runCheck(task.check, tree, SUITE_DIR, 120_000);
        expect(after.passed, after.outputTail).toBe(true);
      } finally {
        rmSync(tree, { recursive: true, force: true });
      }
    },
  );
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addKnownIssue,
  markKnownIssueSeen,
  readKnownIssues,
  removeKnownIssue,
  updateKnownIssue,
} from '../../src/memory/known-issues.js';
import { makeTempDir } from '../helpers/repo.js';

const now = new Date('2026-03-04T10:00:00Z');
const file = (root: string) => join(root, '.agent-context/memory/known-issues.json');

describe('known issues', () => {
  it('adds, updates, marks seen and removes, with deterministic JSON', async () => {
    const root = makeTempDir();
    const issue = await addKnownIssue(
      root,
      {
        title: 'Totals rounded twice',
        signature: {
          paths: ['src/cart/**'],
          symbols: ['cartTotal'],
          errorPatterns: ['expected 1999 to be 2000'],
        },
        test: { file: 'test/cart.test.ts', name: 'rounds once' },
        fix: { commit: 'abc1234' },
      },
      { now },
    );
    expect(issue).toMatchObject({
      id: 'KI-0001',
      status: 'fixed',
      firstSeen: '2026-03-04',
      lastSeen: '2026-03-04',
    });
    await addKnownIssue(root, { title: 'Second', status: 'open' }, { now });
    await updateKnownIssue(root, 'KI-0002', { status: 'fixed' }, { now });
    await markKnownIssueSeen(root, 'KI-0001', { now: new Date('2026-04-01T00:00:00Z') });
    const issues = await readKnownIssues(root);
    expect(issues.map((entry) => [entry.id, entry.status, entry.lastSeen])).toEqual([
      ['KI-0001', 'fixed', '2026-04-01'],
      ['KI-0002', 'fixed', '2026-03-04'],
    ]);
    expect(issues[1]!.signature).toEqual({ paths: [], symbols: [], errorPatterns: [] });
    const text = readFileSync(file(root), 'utf8');
    expect(text.startsWith('{\n  "issues": [\n')).toBe(true);
    expect(text.endsWith('  "schemaVersion": 1\n}\n')).toBe(true);
    await removeKnownIssue(root, 'KI-0002', { now });
    expect((await readKnownIssues(root)).map((entry) => entry.id)).toEqual(['KI-0001']);
    await expect(updateKnownIssue(root, 'KI-0042', { title: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a newer schema and malformed entries with the key, never overwriting them', async () => {
    const root = makeTempDir();
    await addKnownIssue(root, { title: 'One' }, { now });
    writeFileSync(file(root), JSON.stringify({ schemaVersion: 2, issues: [] }));
    await expect(readKnownIssues(root)).rejects.toMatchObject({ code: 'STATE_VERSION' });
    await expect(addKnownIssue(root, { title: 'Two' })).rejects.toMatchObject({ code: 'STATE_VERSION' });
    writeFileSync(file(root), JSON.stringify({ schemaVersion: 1, issues: [{ id: 'KI-0001', title: '' }] }));
    await expect(readKnownIssues(root)).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      details: { key: 'issues.0.title' },
    });
    expect(readFileSync(file(root), 'utf8')).toContain('"title":""');
    await expect(addKnownIssue(root, { title: 'x', test: { file: '' } } as never)).rejects.toThrow();
  });
});

/** The memory write path: secrets are masked in every file written, and a lesson that is mostly a secret is refused. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addLesson, recordReflectionOutcome } from '../../src/memory/index.js';
import { makeTempDir } from '../helpers/repo.js';

const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;

describe('secret scan on memory writes', () => {
  it('refuses a lesson that is mostly a secret, naming the kind', async () => {
    const root = makeTempDir();
    await expect(addLesson(root, { text: token })).rejects.toThrow(
      /the lesson is mostly a secret \(github-token\): refused/,
    );
  });

  it('masks a secret inside a lesson and says what it masked', async () => {
    const root = makeTempDir();
    const saved = await addLesson(root, {
      text: 'The staging database is postgres://app:pa55word@staging/db; connect through the VPN first.',
    });
    expect(saved.masked).toEqual([{ kind: 'connection-string', count: 1 }]);
    const file = readFileSync(join(root, '.agent-context/memory/lessons/L-0001.md'), 'utf8');
    expect(file).not.toContain('pa55word');
    expect(file).toContain('postgres://app:•••@staging/db');
    expect(readFileSync(join(root, '.agent-context/memory/MEMORY.md'), 'utf8')).not.toContain('pa55word');
  });

  it('masks secrets in daily notes written for a reflection', async () => {
    const root = makeTempDir();
    await recordReflectionOutcome(root, {
      source: 'session-1',
      saved: [],
      declined: [{ text: `export GITHUB_TOKEN=${token}`, reason: 'an environment detail, not a lesson' }],
      message: 'Nothing to save.',
    });
    const [note] = (await import('node:fs'))
      .readdirSync(join(root, '.agent-context/memory'))
      .filter((name) => name.endsWith('.md'));
    const text = readFileSync(join(root, '.agent-context/memory', note!), 'utf8');
    expect(text).toContain('reflection session-1: Nothing to save.');
    expect(text).toContain('declined "export GITHUB_TOKEN=');
    expect(text).not.toContain(token);
  });
});

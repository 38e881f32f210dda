import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSession } from '../../src/api/session.js';
import { makeRepo } from '../helpers/repo.js';

describe('which changed paths a session refreshes for', () => {
  it('drops VCS internals, our outputs, ignored and excluded files and atomic-write temporaries', async () => {
    const root = makeRepo({
      '.gitignore': 'dist/\n*.log\n',
      'opencode-plusplus.config.json': JSON.stringify({ scan: { exclude: ['vendor/**'] } }),
      'src/a.ts': 'export const a = 1;\n',
      'packages/web/.gitignore': 'generated/\n',
    });
    const session = openSession(root);
    const relevant = await session.relevantChanges([
      '.git/index',
      '.git/refs/heads/main',
      '.agent-context/manifest.json',
      'node_modules/x/index.js',
      'dist/out.js',
      'dist',
      'debug.log',
      'vendor/lib.js',
      'packages/web/generated/api.ts',
      'src/.a.ts.1234.abcd.tmp',
      'src/a.ts',
      'packages/web/src/page.ts',
      '.gitignore',
    ]);
    expect(relevant).toEqual(['src/a.ts', 'packages/web/src/page.ts', '.gitignore']);
  });

  it('ignores its own last writes while they are as it left them, not once someone edits them', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const session = openSession(root);
    const result = await session.refresh();
    expect(result.outputs.map((output) => output.path)).toContain('AGENTS.md');
    expect(session.refreshes).toBe(1);
    expect(await session.relevantChanges(['AGENTS.md'])).toEqual([]);
    writeFileSync(join(root, 'AGENTS.md'), 'Notes by a person.\n');
    utimesSync(join(root, 'AGENTS.md'), new Date(), new Date(Date.now() + 5000));
    expect(await session.relevantChanges(['AGENTS.md'])).toEqual(['AGENTS.md']);
  });

  it('a .gitignore edit takes effect for the next batch', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    mkdirSync(join(root, 'out'));
    const session = openSession(root);
    expect(await session.relevantChanges(['out/x.js'])).toEqual(['out/x.js']);
    writeFileSync(join(root, '.gitignore'), 'out/\n');
    expect(await session.relevantChanges(['.gitignore', 'out/x.js'])).toEqual(['.gitignore']);
  });

  it('refreshes one at a time: a burst of requests shares the next refresh', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const session = openSession(root);
    const first = session.refresh();
    const burst = [session.refresh(), session.refresh(), session.refresh()];
    expect(session.refreshing).toBe(true);
    await Promise.all([first, ...burst]);
    expect(session.refreshes).toBe(2);
    expect(session.refreshing).toBe(false);
    expect(session.lastRefresh?.mode).toBe('reused');
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/api/context.js';
import { openSession } from '../../src/api/session.js';
import { mergeRefreshRequests } from '../../src/api/session-refresh.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo } from '../helpers/repo.js';

const files = {
  'package.json': JSON.stringify({ name: 'queue', type: 'module' }),
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': "import { a } from './a.js';\n\nexport const b = a + 1;\n",
  'src/c.ts': "import { b } from './b.js';\n\nexport const c = b * 2;\n",
};

describe('refreshes queued behind a running one', () => {
  it('look at the paths of every waiting caller, so the context ends fresh (the CLI says so)', async () => {
    const root = makeRepo(files);
    await build(root);
    const session = openSession(root);
    await session.refresh();
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 2;\n');
    writeFileSync(join(root, 'src/b.ts'), "import { a } from './a.js';\n\nexport const b = a + 3;\n");
    writeFileSync(join(root, 'src/c.ts'), "import { b } from './b.js';\n\nexport const c = b * 4;\n");
    // The first runs now; the other two wait for it and share the next refresh.
    const running = session.refresh({ changed: ['src/a.ts'] });
    const second = session.refresh({ changed: ['src/b.ts'] });
    const third = session.refresh({ changed: ['src/c.ts'] });
    expect(second).toBe(third);
    await Promise.all([running, second, third]);
    expect(session.refreshes).toBe(3);
    const verdict = runCli(['freshness', root, '--json'], root);
    expect(JSON.parse(verdict.stdout)).toMatchObject({ verdict: 'fresh' });
  });
});

describe('mergeRefreshRequests', () => {
  it('joins the changed paths, and asks for everything when either caller did', () => {
    expect(mergeRefreshRequests({ changed: ['b', 'a'] }, { changed: ['c', 'a'] })).toEqual({
      changed: ['a', 'b', 'c'],
    });
    expect(mergeRefreshRequests({ changed: ['a'] }, {})).toEqual({});
    expect(mergeRefreshRequests({ changed: ['a'] }, { changed: [] })).toEqual({});
    expect(mergeRefreshRequests({}, { changed: ['a'] })).toEqual({});
    expect(mergeRefreshRequests(undefined, { changed: ['a'] })).toEqual({ changed: ['a'] });
  });
});

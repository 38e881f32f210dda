import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChangeTerms } from '../../src/impact/change-terms.js';
import { changedLineRanges, diffHunks, parseDiffHunks } from '../../src/shared/git.js';
import { git, makeRepo } from '../helpers/repo.js';

const SOURCE = [
  'function first() {',
  '  return 1;',
  '}',
  'note();',
  'function second() {',
  '  return 2;',
  '}',
  '',
];

/** A repository whose working tree deleted line 4 (`note();`) of `lib.js`, between two functions. */
function repoWithPureDeletion(): string {
  const root = makeRepo({ 'lib.js': SOURCE.join('\n') });
  writeFileSync(join(root, 'lib.js'), SOURCE.filter((line) => line !== 'note();').join('\n'));
  return root;
}

describe('git diff hunks', () => {
  it('reads a pure deletion as a hunk of no new lines at the line before it', async () => {
    const root = repoWithPureDeletion();
    const hunks = await diffHunks(root, 'HEAD', ['lib.js']);
    expect(hunks.get('lib.js')).toEqual([
      { start: 3, count: 0, lines: ['note();'], oldStart: 4, oldCount: 1, removed: ['note();'], added: [] },
    ]);
  });

  it('gives the regression guard the line the deletion happened at, and nothing after it', async () => {
    const root = repoWithPureDeletion();
    expect(await changedLineRanges(root, 'HEAD', ['lib.js'])).toEqual(new Map([['lib.js', [[3, 3]]]]));
  });

  it('gives test selection the lines either side of the deletion, so the function after it counts', async () => {
    const root = repoWithPureDeletion();
    // Only `second` is known, and it starts at line 4: the guard's `[3, 3]` would miss it.
    const symbols = [{ name: 'second', kind: 'function', line: 4, endLine: 6 }];
    const [terms] = await readChangeTerms(root, 'HEAD', [{ path: 'lib.js', symbols }], () => undefined);
    expect(terms?.symbols).toEqual(['second']);
    expect(terms?.words).toEqual(['note']);
  });

  it('reads paths the same whatever prefixes the user configured for diffs', async () => {
    const root = repoWithPureDeletion();
    git(root, 'config', 'diff.mnemonicPrefix', 'true');
    expect([...(await diffHunks(root, 'HEAD', ['lib.js'])).keys()]).toEqual(['lib.js']);
    git(root, 'config', 'diff.noprefix', 'true');
    expect([...(await diffHunks(root, 'HEAD', ['lib.js'])).keys()]).toEqual(['lib.js']);
  });

  it('lists a file with no hunks and drops a deleted one', () => {
    const parsed = parseDiffHunks(
      ['--- a/gone.js', '+++ /dev/null', '@@ -1 +0,0 @@', '-x', '--- a/kept.js', '+++ b/kept.js'].join('\n'),
    );
    expect([...parsed]).toEqual([['kept.js', []]]);
  });
});

/**
 * `conventionTiesAnyTest` answers "does any source follow this naming convention with a test" in
 * one pass; it must agree with asking `conventionTestsFor` of every source, whatever the
 * convention's shape (a literal prefix, none, an alternation, a source the test must not be).
 */
import { describe, expect, it } from 'vitest';
import { conventionTestsFor, conventionTiesAnyTest } from '../../src/contracts/test-files.js';

const JS = '[cm]?[jt]sx?';
const conventions = [
  { source: `^(.+)\\.(${JS})$`, test: `^$1\\.(test|spec)\\.${JS}$`, comment: 'beside' },
  { source: `^(?:src|lib)/(.+)\\.${JS}$`, test: `^tests?/$1([.-][^/]+)?\\.${JS}$`, comment: 'mirror' },
  { source: `^(.*/)?([^/]+)\\.${JS}$`, test: `^$1__tests__/$2\\.(test|spec)\\.${JS}$`, comment: 'dunder' },
  {
    source: `^(?:.*/)?(?!index\\.)([^/.]+)\\.${JS}$`,
    test: `(^|/)$1([.-][^/]+)?\\.(test|spec)\\.${JS}$`,
    comment: 'named after, no literal prefix',
  },
  { source: '^(.*/)?([^/]+)\\.go$', test: '^$1$2_test\\.go$', comment: 'go' },
  { source: '^(a|b)/(.+)\\.py$', test: '^t/$2\\.py$|^u/$2\\.py$', comment: 'alternation' },
  // The source itself matches its test pattern: it must not count as its own test.
  { source: '^(.+)\\.ts$', test: '^$1\\.ts$', comment: 'itself' },
];

const trees: Array<{ sources: string[]; tests: string[] }> = [
  { sources: ['src/a.ts', 'src/b/c.js'], tests: ['src/a.test.ts'] },
  { sources: ['src/a.ts', 'src/b/c.js'], tests: ['test/b/c-case.js'] },
  { sources: ['lib/x/y.mjs', 'lib/x/index.ts'], tests: ['lib/x/__tests__/y.spec.mjs'] },
  { sources: ['lib/help.js', 'lib/index.js'], tests: ['tests/help.sorting.test.js'] },
  { sources: ['lib/index.js'], tests: ['tests/index.test.js'] },
  { sources: ['pkg/recovery.go', 'main.go'], tests: ['pkg/recovery_test.go'] },
  { sources: ['b/m.py', 'c/m.py'], tests: ['u/m.py'] },
  { sources: ['c/m.py'], tests: ['u/m.py'] },
  { sources: ['src/a.ts'], tests: ['src/a.ts'] },
  { sources: ['src/a.ts', 'src/b.ts'], tests: ['src/a.ts', 'src/b.ts'] },
  { sources: ['src/a.ts'], tests: [] },
  { sources: [], tests: ['src/a.test.ts'] },
];

describe('conventionTiesAnyTest', () => {
  it('agrees with asking conventionTestsFor of every source', () => {
    let ties = 0;
    for (const convention of conventions) {
      for (const { sources, tests } of trees) {
        const expected = sources.some((source) => conventionTestsFor([convention], source, tests).length > 0);
        expect(conventionTiesAnyTest(convention, sources, tests), `${convention.comment}: ${sources}`).toBe(
          expected,
        );
        if (expected) ties++;
      }
    }
    // Both answers occur, so agreement says something.
    expect(ties).toBeGreaterThan(5);
    expect(ties).toBeLessThan(conventions.length * trees.length - 5);
  });

  it('sees a tie made by the last of many sources', () => {
    const sources = Array.from({ length: 2000 }, (_, index) => `src/m${index}.ts`);
    const convention = conventions[0]!;
    expect(conventionTiesAnyTest(convention, sources, ['src/m1999.test.ts'])).toBe(true);
    expect(conventionTiesAnyTest(convention, sources, ['src/m2000.test.ts'])).toBe(false);
  });
});

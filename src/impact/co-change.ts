/**
 * History as evidence that a test exercises a change: tests that changed in the same commits as a
 * changed source file, in the history before HEAD (a replayed commit never sees itself or what
 * came after). A test counts as changed with a commit when the commit touched the test file or the
 * fixtures and example project beside it (`playground/hmr/**` for
 * `playground/hmr/__tests__/hmr.spec.ts`): an end-to-end test reaches the package through that
 * project, not through imports, and the two change together when the behaviour does.
 */
import { classifyPath } from '../scan/classify.js';
import { directoryOf } from '../shared/path.js';

export interface CoChange {
  /** The changed source file the test changed with most strongly. */
  source: string;
  /** Commits that changed both the source and the test (or its fixtures). */
  together: number;
  /** Commits of the history that changed the source. */
  sourceCommits: number;
  /** Commits of the history that changed the test (or its fixtures). */
  testCommits: number;
  /** The folder of fixtures through which some of the shared commits touched the test, when any did. */
  through?: string;
  /** How strongly the two go together, 0 to 1: `together / √((sourceCommits + 2) × (testCommits + 2))`. */
  association: number;
}

/** Shared commits that make changing together evidence: one (the commit that added both files, say) is a hint, not proof. */
export const MIN_SHARED_COMMITS = 2;
/** One shared commit is a hint, not proof: the counts are smoothed so it weighs little. */
const SMOOTHING = 2;
/** Folders whose name says they hold tests: the project a test exercises is the folder around them. */
const TEST_FOLDER = /^(?:__tests__|tests?|specs?|e2e)$/;
/** What a test runs on besides its own code. */
const MATERIAL_KINDS = new Set(['fixture', 'example']);

/**
 * The folder of a test's own fixtures: the folder that holds its nearest test folder
 * (`playground/hmr` for `playground/hmr/__tests__/hmr.spec.ts`), else its own folder; none at
 * the root (the whole repository is no test's fixture) or where changed sources live.
 */
export function materialFolderOf(test: string, sources: readonly string[]): string | undefined {
  const parts = directoryOf(test).split('/').filter(Boolean);
  const nearest = parts.findLastIndex((part) => TEST_FOLDER.test(part));
  const folder = (nearest >= 0 ? parts.slice(0, nearest) : parts).join('/');
  if (folder === '' || sources.some((source) => source.startsWith(`${folder}/`))) return undefined;
  return folder;
}

/**
 * For each test of the suite that changed with a changed source in `commits` (newest first, the
 * files each changed), its strongest partner among the sources.
 */
export function coChangesOf(
  commits: readonly (readonly string[])[],
  sources: readonly string[],
  suite: readonly string[],
): Map<string, CoChange> {
  const touched = testsTouchedBy(suite, sources);
  const testCommits = new Map<string, number>();
  const sourceCommits = new Map<string, number>();
  const together = new Map<string, Map<string, { count: number; through?: string }>>();
  for (const commit of commits) {
    const tests = touched(commit);
    for (const test of tests.keys()) testCommits.set(test, (testCommits.get(test) ?? 0) + 1);
    for (const source of sources.filter((path) => commit.includes(path))) {
      sourceCommits.set(source, (sourceCommits.get(source) ?? 0) + 1);
      const partners = together.get(source) ?? new Map<string, { count: number; through?: string }>();
      for (const [test, through] of tests) {
        const entry = partners.get(test) ?? { count: 0 };
        partners.set(test, {
          count: entry.count + 1,
          ...(entry.through || through ? { through: entry.through ?? through } : {}),
        });
      }
      together.set(source, partners);
    }
  }
  const best = new Map<string, CoChange>();
  for (const source of [...together.keys()].sort())
    for (const [test, { count, through }] of together.get(source)!) {
      const changes = {
        source,
        together: count,
        sourceCommits: sourceCommits.get(source)!,
        testCommits: testCommits.get(test)!,
      };
      const association =
        count / Math.sqrt((changes.sourceCommits + SMOOTHING) * (changes.testCommits + SMOOTHING));
      if (association > (best.get(test)?.association ?? 0))
        best.set(test, { ...changes, association, ...(through ? { through } : {}) });
    }
  return best;
}

/** Which tests a commit touched, each with the fixture folder it was touched through (undefined: its own file). */
function testsTouchedBy(
  suite: readonly string[],
  sources: readonly string[],
): (commit: readonly string[]) => Map<string, string | undefined> {
  const tests = new Set(suite);
  const byFolder = new Map<string, string[]>();
  for (const test of suite) {
    const folder = materialFolderOf(test, sources);
    if (folder) byFolder.set(folder, [...(byFolder.get(folder) ?? []), test]);
  }
  return (commit) => {
    const found = new Map<string, string | undefined>();
    for (const path of commit) {
      if (tests.has(path)) found.set(path, undefined);
      else if (byFolder.size > 0 && MATERIAL_KINDS.has(classifyPath(path).kind))
        for (const folder of ancestorsOf(path))
          for (const test of byFolder.get(folder) ?? []) if (!found.has(test)) found.set(test, folder);
    }
    return found;
  };
}

function ancestorsOf(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** `changed together with lib/x.js in 4 of the last 50 commits that touched it`. */
export function coChangeReason(change: CoChange): string {
  const subject = change.through ? `it or its fixtures under ${change.through}/ ` : '';
  return `${subject}changed together with ${change.source} in ${change.together} of the last ${change.sourceCommits} commit(s) that touched it`;
}

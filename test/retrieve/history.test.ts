import { describe, expect, it } from 'vitest';
import { retrieve } from '../../src/api/retrieval.js';
import { loadChangeHistory } from '../../src/retrieve/history.js';
import { parseTask } from '../../src/retrieve/query.js';
import { similarCommits } from '../../src/retrieve/similar-changes.js';
import { commitAll, git, makeRepo, writeTree } from '../helpers/repo.js';
import { retryProject } from './fixture.js';

/** The fixture plus three commits, each touching one file with a message about it. */
function repoWithHistory(): string {
  const root = makeRepo(retryProject);
  const edits: Array<[string, string]> = [
    ['src/util/url.ts', 'Keep the query string when joining a base URL with a trailing slash'],
    [
      'src/util/headers.ts',
      'Reject header names with spaces\n\nSigned-off-by: Someone <someone@example.com>',
    ],
    ['scripts/release.py', 'Release notes list tags in date order'],
  ];
  for (const [path, message] of edits) {
    writeTree(root, { [path]: `${retryProject[path]}\n// ${message.split('\n')[0]}\n` });
    commitAll(root, message);
  }
  return root;
}

describe('change history', () => {
  it('keeps each commit message beside its files, newest first, without trailers', async () => {
    const root = repoWithHistory();
    const history = (await loadChangeHistory(root, 100))!;
    expect(history.messages.map((message) => message.subject)).toEqual([
      'Release notes list tags in date order',
      'Reject header names with spaces',
      'Keep the query string when joining a base URL with a trailing slash',
      'initial',
    ]);
    expect(history.commits[1]).toEqual(['src/util/headers.ts']);
    expect(history.messages[1]!.body).toBe('');
    expect(history.messages[0]!.sha).toMatch(/^[0-9a-f]{10}$/);
  });

  it('sees only the ancestors of the checked-out commit, never the commits after it', async () => {
    const root = repoWithHistory();
    git(root, 'checkout', '-q', '--detach', 'HEAD~2');
    const history = (await loadChangeHistory(root, 100))!;
    expect(history.messages.map((message) => message.subject)).toEqual([
      'Keep the query string when joining a base URL with a trailing slash',
      'initial',
    ]);
    // A task worded like a later commit finds nothing of it in the past.
    const result = await retrieve('Reject header names with spaces', root);
    const reasons = result.files.flatMap((file) => file.reasons).join('\n');
    expect(reasons).not.toMatch(/similar past commit.*Reject header/);
  });
});

describe('similar past changes', () => {
  it('votes for the files a commit with a similar message changed, and says which commit', async () => {
    const root = repoWithHistory();
    const result = await retrieve('the query string is lost when the base URL ends with a slash', root);
    const url = result.files.find((file) => file.path === 'src/util/url.ts');
    expect(url?.signals.similar).toBeGreaterThan(0);
    expect(url?.reasons.join('\n')).toMatch(
      /changed by a similar past commit: [0-9a-f]{10} "Keep the query string when joining a base URL/,
    );
    // Files no similar commit touched get no vote.
    const retry = result.files.find((file) => file.path === 'src/retry.ts');
    expect(retry?.signals.similar).toBeUndefined();
  });

  it('is silent when the history is turned off', async () => {
    const root = repoWithHistory();
    writeTree(root, { 'opencode-plusplus.config.json': JSON.stringify({ retrieve: { historyCommits: 0 } }) });
    const result = await retrieve('the query string is lost when the base URL ends with a slash', root);
    expect(result.files.some((file) => file.signals.similar !== undefined)).toBe(false);
  });
});

describe('similar past changes: how many commits vote', () => {
  it('lets the files of the thirty most similar commits vote, not only those of the first ten', async () => {
    const root = makeRepo(retryProject);
    const names = Array.from({ length: 15 }, (_, index) => `field${String.fromCharCode(97 + index)}`);
    for (const name of names) {
      writeTree(root, { [`src/headers/${name}.ts`]: `export const ${name} = '';\n` });
      commitAll(root, `Escape the separator in ${name} header values`);
    }
    const result = await retrieve('escape the separator in header values', root, { top: 40 });
    const voted = result.files.filter((file) => file.signals.similar !== undefined).map((file) => file.path);
    expect(voted.sort()).toEqual(names.map((name) => `src/headers/${name}.ts`).sort());
  });
});

describe('similar past changes: message length', () => {
  it('reads a one-word release message as a weak match beside the commits that changed the code', async () => {
    const root = makeRepo(retryProject);
    for (const language of ['Mojo', 'Hurl', 'Rocq']) {
      writeTree(root, {
        'src/util/headers.ts': `${retryProject['src/util/headers.ts']}\n// ${language}\n`,
      });
      commitAll(
        root,
        `Add ${language} type to headers\n\nThe ${language} language keeps its sources in files that need their own extension list, so globbing by name finds them`,
      );
    }
    // Releases: one word shared with the task, only the manifest changed.
    for (let release = 1; release <= 12; release++) {
      writeTree(root, { 'package.json': JSON.stringify({ name: 'fetchy', version: `0.1.${release}` }) });
      commitAll(root, `headers-0.1.${release}`);
    }
    const history = (await loadChangeHistory(root, 100))!;
    const similar = similarCommits(history, parseTask('headers: add PKGBUILD type').terms, 15);
    const code = similar.filter((commit) => commit.files.includes('src/util/headers.ts'));
    const releases = similar.filter((commit) => commit.subject.startsWith('headers-'));
    expect(similar.slice(0, 3)).toEqual(code);
    // A one-word message sharing one word with the task is a weak match, not a near-perfect one.
    expect(Math.max(...releases.map((commit) => commit.similarity))).toBeLessThan(0.5 * code[0]!.similarity);
  });
});

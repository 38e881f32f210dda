import { describe, expect, it } from 'vitest';
import { retrieve } from '../../src/api/retrieval.js';
import { loadChangeHistory } from '../../src/retrieve/history.js';
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

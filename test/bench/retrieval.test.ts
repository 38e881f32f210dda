import { describe, expect, it } from 'vitest';
import { benchmarkRetrieval, rankingMetrics } from '../../src/bench/retrieval.js';
import { commitAll, git, makeRepo, writeTree } from '../helpers/repo.js';
import { retryProject } from '../retrieve/fixture.js';

describe('rankingMetrics', () => {
  it('averages recall per case and the reciprocal rank of the first hit', () => {
    expect(rankingMetrics([[1], [3, null], [null]])).toEqual({
      recallAt1: 0.333,
      recallAt3: 0.5,
      recallAt5: 0.5,
      recallAt10: 0.5,
      mrr: 0.444,
    });
  });
});

describe('benchmarkRetrieval', () => {
  it('replays recent commits at their parents and leaves the repository as it was', async () => {
    const root = makeRepo(retryProject);
    writeTree(root, {
      'src/util/headers.ts': `${retryProject['src/util/headers.ts']}export function isHopByHopHeader(name: string): boolean {\n  return name === 'connection';\n}\n`,
      'test/headers.test.ts': `${retryProject['test/headers.test.ts']}// hop-by-hop\n`,
    });
    commitAll(root, 'Add hop-by-hop header detection to normalizeHeader helpers');
    writeTree(root, { 'README.md': '# fetchy\n\nDocs only.\n' });
    commitAll(root, 'Document the client in the readme');
    writeTree(root, {
      'src/retry.ts': `${retryProject['src/retry.ts']}export const DEFAULT_ATTEMPTS = 3;\n`,
    });
    commitAll(root, 'Export the default number of retry attempts');
    const status = git(root, 'status', '--porcelain');

    const result = await benchmarkRetrieval(root, { commits: 5 });
    expect(result.cases.map((entry) => [entry.subject, entry.gold])).toEqual([
      ['Export the default number of retry attempts', ['src/retry.ts']],
      ['Add hop-by-hop header detection to normalizeHeader helpers', ['src/util/headers.ts']],
    ]);
    expect(result.cases.every((entry) => entry.ranks[0] === 1)).toBe(true);
    expect(result.fused).toMatchObject({ recallAt1: 1, recallAt10: 1, mrr: 1, packedShare: 1 });
    expect(result.ablation.name).toBe('plain-bm25');
    expect(result.cases[0]!.seconds).toBeGreaterThan(0);
    expect(git(root, 'status', '--porcelain')).toBe(status);
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  });
});

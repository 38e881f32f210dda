/**
 * Which index shard a file's entry lives in: its folder cut to the first SHARD_DEPTH segments
 * (`src/services/billing/api/x.ts` -> `src/services/billing`; '' for files at the root). The
 * writer of the sharded layout (`context/shards.ts`) and the facts cache, which finds a file's
 * shard without parsing any, both ask here.
 */
export const SHARD_DEPTH = 3;

/** The folder whose shard holds this repository path ('' for files at the root). */
export function shardOf(path: string): string {
  const last = path.lastIndexOf('/');
  let end = -1;
  // Called for every file and edge: find the SHARD_DEPTH-th slash without splitting.
  for (let depth = 0; depth < SHARD_DEPTH; depth++) {
    end = path.indexOf('/', end + 1);
    if (end === -1 || end >= last) return last === -1 ? '' : path.slice(0, last);
  }
  return path.slice(0, end);
}

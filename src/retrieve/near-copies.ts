/**
 * Near copies: a repository that keeps a second copy of a file (a Deno mirror, a vendored
 * build, a v3 beside a v4) would fill the top of the list with the same text twice. The best
 * ranked copy stays (or the one the package's entrypoints import, when only one is); the other
 * files with the same name and almost the same words move down and say which file they copy.
 */
import { baseName, directoryOf } from '../shared/path.js';
import type { Corpus } from './corpus.js';
import { byScoreThenPath, roundScore } from './fuse.js';
import type { RankedFile } from './types.js';

/** Only the head of the ranking is compared: copies further down change nothing a reader sees. */
const COMPARED = 50;
const SIMILARITY = 0.95;
/** File names that stand for their folder: the folder must match too. */
const GENERIC_NAMES = /^(index|mod|main|__init__)\.[a-z0-9]+$/i;
/** Small files look alike by chance; copies worth moving down are longer than this (terms). */
const MIN_TERMS = 200;
const DEMOTION = 0.3;

export function demoteNearCopies(
  files: RankedFile[],
  corpus: Corpus,
  anchored: ReadonlySet<string>,
): RankedFile[] {
  const kept: RankedFile[] = [];
  let changed = false;
  for (const file of files.slice(0, COMPARED)) {
    const position = kept.findIndex((earlier) => isNearCopy(earlier.path, file.path, corpus));
    if (position === -1) {
      kept.push(file);
      continue;
    }
    // The copy the package's entrypoints reach is the original, whichever scored higher.
    const original = kept[position]!;
    const swap = anchored.has(file.path) && !anchored.has(original.path);
    if (swap) kept[position] = file;
    demote(swap ? original : file, swap ? file.path : original.path);
    changed = true;
  }
  return changed ? [...files].sort(byScoreThenPath) : files;
}

function demote(copy: RankedFile, original: string): void {
  copy.score = roundScore(copy.score * DEMOTION);
  copy.reasons = [`near copy of ${original} (ranked lower)`, ...copy.reasons].slice(0, 5);
}

function isNearCopy(a: string, b: string, corpus: Corpus): boolean {
  if (nameOf(a) !== nameOf(b)) return false;
  const left = corpus.byPath.get(a)?.fields.body;
  const right = corpus.byPath.get(b)?.fields.body;
  if (!left || !right || left.length < MIN_TERMS || right.length < MIN_TERMS) return false;
  const ratio = Math.min(left.length, right.length) / Math.max(left.length, right.length);
  return ratio >= SIMILARITY && cosine(left.counts, right.counts) >= SIMILARITY;
}

/** `types.ts` for most files; `getDate/index.ts` for generic names. */
function nameOf(path: string): string {
  const name = baseName(path);
  return GENERIC_NAMES.test(name) ? `${baseName(directoryOf(path))}/${name}` : name;
}

function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [term, count] of a) {
    normA += count * count;
    const other = b.get(term);
    if (other) dot += count * other;
  }
  for (const count of b.values()) normB += count * count;
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

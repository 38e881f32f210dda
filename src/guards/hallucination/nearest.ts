/** "Did you mean": the nearest file or word by edit distance, when it is close enough to be the intended one. */
import { baseName } from '../../shared/path.js';

export function nearestFile(reference: string, files: ReadonlySet<string>): string | undefined {
  const wanted = baseName(reference).replace(/\.[^.]+$/, '');
  if (wanted.length < 3) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const file of files) {
    const stem = baseName(file).replace(/\.[^.]+$/, '');
    if (Math.abs(stem.length - wanted.length) > 2) continue;
    const distance = editDistance(stem, wanted);
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && file < best)) {
      best = file;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(wanted.length / 4)) ? best : undefined;
}

export function nearestWord(word: string, words: ReadonlySet<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of [...words].sort()) {
    const distance = editDistance(candidate.toLowerCase(), word.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 4)) ? best : undefined;
}

/** Edit distance where swapping two neighbouring characters counts as one edit (the commonest typo). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

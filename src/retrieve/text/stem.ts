/**
 * A light suffix stemmer for plain English words, so "retries", "retried" and "retrying" meet
 * "retry" (all become `retri`). It only strips inflections (plural, -ing, -ed) and a few derivations common in code
 * prose (-ation, -ator, -ization); an aggressive stemmer would merge names that differ in code
 * (`header` / `head`). Applied the same way to the task and to every document.
 */

const VOWEL = /[aeiouy]/;

export function stemWord(word: string): string {
  if (word.length <= 3 || /[0-9]/.test(word)) return word;
  let stem = stripPlural(word);
  stem = stripVerbEnding(stem);
  stem = stripDerivation(stem);
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  // `query`/`queries`, `retry`/`retried` meet at `queri`, `retri`.
  if (stem.length > 3 && stem.endsWith('y') && VOWEL.test(stem.slice(0, -1))) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

function stripPlural(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:[sxz]|ch|sh)es$/.test(word) && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

function stripVerbEnding(word: string): string {
  for (const suffix of ['ing', 'ed']) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (stem.length < 3 || !VOWEL.test(stem)) return word;
    return undouble(stem);
  }
  return word;
}

/** `running` -> `runn` -> `run`; keeps `ll`, `ss`, `zz` (`called`, `passed`). */
function undouble(stem: string): string {
  const last = stem.at(-1)!;
  if (stem.length > 3 && last === stem.at(-2) && !'lsz'.includes(last) && !VOWEL.test(last)) {
    return stem.slice(0, -1);
  }
  return stem;
}

function stripDerivation(word: string): string {
  if (word.length < 8) return word;
  if (word.endsWith('ization')) return word.slice(0, -5);
  if (word.endsWith('ation') || word.endsWith('ator')) return word.slice(0, word.endsWith('ation') ? -3 : -2);
  return word;
}

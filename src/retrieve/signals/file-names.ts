/**
 * File names: the title says a word a file is named after — "when modal open" and `Modal.tsx`,
 * "async hook" and `lib/hooks.js`, "`cancelSignal` option" and `options.js`. In BM25F such a
 * word is one path term among a long body's many, and a common one (every component says
 * "modal"), so the file it names can rank far below files that only use the word; here the name
 * itself is the evidence. Plural and case do not matter (both sides are stemmed); names that
 * every folder has (`index`, `utils`, `types`) name no file. A word naming n source files gives
 * each 1/√n, as a mention does.
 */
import { baseName } from '../../shared/path.js';
import type { Corpus } from '../corpus.js';
import { stemWord } from '../text/stem.js';
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';

/** Base names too common to say which file is meant: entry files, barrels, grab-bags. */
const COMMON_NAMES = new Set([
  'index',
  'main',
  'mod',
  'lib',
  'init',
  'types',
  'type',
  'utils',
  'util',
  'helpers',
  'common',
  'core',
  'test',
  'tests',
]);

export const fileNamesSignal: RetrievalSignal = defineSignal({
  id: 'named',
  phase: 'direct',
  description: "files named after a word of the task's title (`Modal.tsx` for “when modal open”)",
  collect(state, scores) {
    const names = namesOf(state.corpus);
    for (const word of state.query.titleWords) {
      const paths = names.get(stemWord(letters(word)));
      if (!paths) continue;
      const sources = paths.filter((path) => state.corpus.byPath.get(path)?.file.kind === 'source').length;
      const strength = 1 / Math.sqrt(Math.max(1, sources));
      for (const path of paths) {
        const entry = scores.get(path) ?? { score: 0, reasons: [] };
        entry.score = Math.min(1, entry.score + strength);
        entry.reasons.push(`named after "${word}", a word of the title`);
        scores.set(path, entry);
      }
    }
  },
});

/** `Modal`, `__init__`, `text_wrap` -> `modal`, `init`, `textwrap`: lower-cased letters and digits only. */
function letters(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

const nameIndexes = new WeakMap<Corpus, Map<string, string[]>>();

/** Name key -> the files so named (tests left out: they rank in a list of their own). */
function namesOf(corpus: Corpus): Map<string, string[]> {
  const cached = nameIndexes.get(corpus);
  if (cached) return cached;
  const index = new Map<string, string[]>();
  for (const document of corpus.documents) {
    if (document.file.kind === 'test') continue;
    const name = letters(stripExtensions(baseName(document.path)));
    if (name.length < 3 || COMMON_NAMES.has(name)) continue;
    const key = stemWord(name);
    const list = index.get(key);
    if (list) list.push(document.path);
    else index.set(key, [document.path]);
  }
  nameIndexes.set(corpus, index);
  return index;
}

/** `options.d.ts` -> `options`, `Modal.tsx` -> `Modal`. */
function stripExtensions(name: string): string {
  return name.replace(/\.d\.[cm]?ts$/, '').replace(/\.[^.]+$/, '');
}

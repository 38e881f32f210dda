/**
 * Mentions: the task names something exactly — a path or file name, a symbol or export, a
 * quoted error message, a CLI flag, an environment variable, a route. Each mention scores the
 * files that define or contain it, by how specific it is: a name found in one file is strong
 * evidence, one found in fifty is weak.
 */
import { readTextSync } from '../../shared/fs.js';
import { absolutePath, baseName } from '../../shared/path.js';
import type { CorpusDocument } from '../corpus.js';
import { isCodeLike } from '../query.js';
import { termsOf } from '../text/tokenize.js';
import type { FileSignal, RetrievalSignal, RetrievalState, SignalScores } from '../types.js';

interface Hit {
  path: string;
  strength: number;
  reason: string;
}

/** Strength of a name that is a plain word (`send`, `string`), named as code only by its dots or back-ticks. */
const PLAIN_WORD_WEIGHT = 0.5;
/** Largest file read when looking for a quoted phrase or flag. */
const MAX_SEARCH_BYTES = 512 * 1024;

export const mentionsSignal: RetrievalSignal = {
  id: 'mentions',
  phase: 'direct',
  description:
    'exact mentions in the task: paths, file names, symbols, exports, routes, error messages, flags, env vars',
  score(state) {
    const hits = [
      ...pathHits(state),
      ...identifierHits(state),
      ...routeHits(state),
      ...textHits(state, state.query.phrases, 0.8, (phrase) => `contains "${phrase}"`),
      ...textHits(state, state.query.flags, 0.6, (flag) => `contains the flag ${flag}`),
      ...textHits(state, state.query.environment, 0.5, (name) => `reads ${name}`),
    ];
    return combine(hits);
  },
};

function combine(hits: Hit[]): SignalScores {
  const scores: SignalScores = new Map();
  for (const hit of hits) {
    const entry: FileSignal = scores.get(hit.path) ?? { score: 0, reasons: [] };
    entry.score = Math.min(1, entry.score + hit.strength);
    if (!entry.reasons.includes(hit.reason)) entry.reasons.push(hit.reason);
    scores.set(hit.path, entry);
  }
  return scores;
}

/**
 * Spreads `weight` over the files found: one file gets all of it, n files 1/√n each. Only
 * source files count in n: a test or a generated copy naming the same thing must not dilute it.
 */
function spread(state: RetrievalState, paths: readonly string[], weight: number, reason: string): Hit[] {
  if (paths.length === 0) return [];
  const sources = paths.filter((path) => state.corpus.byPath.get(path)?.file.kind === 'source').length;
  const strength = weight / Math.sqrt(Math.max(1, sources));
  return paths.map((path) => ({ path, strength, reason }));
}

function pathHits(state: RetrievalState): Hit[] {
  const hits: Hit[] = [];
  for (const mention of state.query.paths) {
    const clean = mention.replace(/^\.?\//, '');
    const exact = state.corpus.byPath.has(clean) ? [clean] : [];
    const matches =
      exact.length > 0
        ? exact
        : state.corpus.documents
            .map((document) => document.path)
            .filter((path) => path.endsWith(`/${clean}`) || baseName(path) === clean);
    hits.push(...spread(state, matches, 1, `named in the task: ${mention}`));
  }
  return hits;
}

function identifierHits(state: RetrievalState): Hit[] {
  const hits: Hit[] = [];
  const names = nameIndex(state);
  for (const identifier of state.query.identifiers) {
    const lower = identifier.toLowerCase();
    const exact = names.exact.get(identifier) ?? [];
    const loose = (names.lower.get(lower) ?? []).filter((path) => !exact.includes(path));
    const inPath = names.segments.get(lower) ?? [];
    // `string` in `z.string()` is named as code, but is also an everyday word: it counts half.
    const weight = isCodeLike(identifier) ? 1 : PLAIN_WORD_WEIGHT;
    hits.push(...spread(state, exact, weight, `defines \`${identifier}\``));
    hits.push(...spread(state, loose, weight / 2, `defines \`${identifier}\` (other case)`));
    hits.push(...spread(state, inPath, weight, `path names \`${identifier}\``));
    if (exact.length + loose.length + inPath.length === 0)
      hits.push(...misspeltHits(state, identifier, names));
  }
  return hits;
}

interface NameIndex {
  /** Defined name -> files. */
  exact: Map<string, string[]>;
  lower: Map<string, string[]>;
  /** Lower-cased folder names and file names without extension -> files. */
  segments: Map<string, string[]>;
}

const nameIndexes = new WeakMap<object, NameIndex>();

function nameIndex(state: RetrievalState): NameIndex {
  const cached = nameIndexes.get(state.corpus);
  if (cached) return cached;
  const index: NameIndex = { exact: new Map(), lower: new Map(), segments: new Map() };
  const add = (map: Map<string, string[]>, key: string, path: string) => {
    const list = map.get(key);
    if (!list) map.set(key, [path]);
    else if (list[list.length - 1] !== path) list.push(path);
  };
  for (const document of state.corpus.documents) {
    // Definitions only: a barrel that re-exports a name (`__init__.py`, `index.ts`) does not define it.
    const names = document.definitions.map((definition) => definition.name).sort();
    for (const name of names) {
      add(index.exact, name, document.path);
      add(index.lower, name.toLowerCase(), document.path);
    }
    for (const segment of pathSegments(document.path)) add(index.segments, segment, document.path);
  }
  nameIndexes.set(state.corpus, index);
  return index;
}

/** `contructFrom` names `constructFrom`: one edit away (two for long names), when nothing matches exactly. */
function misspeltHits(state: RetrievalState, identifier: string, names: NameIndex): Hit[] {
  if (identifier.length < 6) return [];
  const lower = identifier.toLowerCase();
  const allowed = lower.length >= 12 ? 2 : 1;
  const close = new Set<string>();
  for (const map of [names.lower, names.segments]) {
    for (const candidate of map.keys()) {
      if (Math.abs(candidate.length - lower.length) > allowed) continue;
      if (editDistance(candidate, lower, allowed) <= allowed) close.add(candidate);
    }
  }
  const hits: Hit[] = [];
  for (const candidate of [...close].sort()) {
    const paths = [
      ...new Set([...(names.lower.get(candidate) ?? []), ...(names.segments.get(candidate) ?? [])]),
    ].sort();
    hits.push(...spread(state, paths, 0.8, `names \`${candidate}\` (task says \`${identifier}\`)`));
  }
  return hits;
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** Lower-cased folder names and the file name without extension. */
function pathSegments(path: string): Set<string> {
  const parts = path.toLowerCase().split('/');
  const last = parts.pop()!;
  parts.push(last.replace(/\.[^.]+$/, ''));
  return new Set(parts);
}

function routeHits(state: RetrievalState): Hit[] {
  const hits: Hit[] = [];
  for (const route of state.query.routes) {
    const matches = state.corpus.documents
      .filter((document) => document.file.routes.some((entry) => entry.path === route))
      .map((document) => document.path);
    hits.push(...spread(state, matches, 0.9, `serves the route ${route}`));
  }
  return hits;
}

/** Files whose text contains `needle` verbatim; only files whose body has all its words are read. */
function textHits(
  state: RetrievalState,
  needles: readonly string[],
  weight: number,
  reason: (needle: string) => string,
): Hit[] {
  const hits: Hit[] = [];
  for (const needle of needles) {
    const terms = termsOf(needle);
    const candidates = state.corpus.documents.filter((document) =>
      terms.every((term) => document.fields.body.counts.has(term)),
    );
    const matches = candidates
      .filter((document) => readSmall(state.corpus.root, document)?.includes(needle))
      .map((document) => document.path);
    hits.push(...spread(state, matches, weight, reason(needle)));
  }
  return hits;
}

function readSmall(root: string, document: CorpusDocument): string | undefined {
  try {
    const text = readTextSync(absolutePath(root, document.path));
    return text.length <= MAX_SEARCH_BYTES ? text : undefined;
  } catch {
    return undefined;
  }
}

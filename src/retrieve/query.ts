/**
 * What a task text asks for, read once: weighted search terms, and the exact things it names —
 * paths and file names, code identifiers, quoted phrases (error messages), CLI flags,
 * environment variables, routes. The first line is the title and weighs most; words that
 * describe the change rather than the code ("fix", "add", "support") weigh little.
 */
import { expandAbbreviation } from './text/abbreviations.js';
import { stemWord } from './text/stem.js';
import { STOPWORDS, splitIdentifier, termsOfWord } from './text/tokenize.js';

export interface TaskQuery {
  /** The task as given (trimmed). */
  text: string;
  /** Stemmed term -> weight (0..~1.5). */
  terms: Map<string, number>;
  /** Stemmed term -> the word of the task it came from, for reasons. */
  words: Map<string, string>;
  /** Terms made by joining a run of words (`eachdayofinterval`), a subset of `terms`. */
  joined: Set<string>;
  /** Code-like words: `abortRetry`, `max_retries`, `$ZodType`, each part of `res.send`. */
  identifiers: string[];
  /** Words with a slash or a file extension: `lib/router/index.js`, `_urlparse.py`. */
  paths: string[];
  /** Quoted or back-ticked text of two or more words, e.g. an error message. */
  phrases: string[];
  /** `--dry-run` */
  flags: string[];
  /** `HTTPS_PROXY` */
  environment: string[];
  /** `/api/users/:id` */
  routes: string[];
  /** The scope of a conventional-commit title, lower-cased: `fix(hmr, ssr): …` -> hmr, ssr. */
  scopes: string[];
  /** Terms that come from the title's scope alone (`editor` of `fix(editor): …`), a subset of `terms`. */
  scopeTerms: Set<string>;
  /** The title's own words, lower-cased, without its scoped prefix, change words and stopwords: `modal`, `hooks`. */
  titleWords: string[];
}

/** Verbs and nouns about the change itself; kept, at a fraction of the weight. */
const CHANGE_WORDS = new Set(
  `fix fixes fixed fixing bug bugs bugfix issue issues feat feature add adds added adding support supports
supported allow allows allowed make makes made improve improves improved improvement update updates
updated change changes changed remove removes removed removing refactor refactored implement implements
implemented ensure prevent prevents handle handles handled correct correctly proper properly closes
close closed resolve resolves resolved related regression revert merge pr chore perf docs doc test tests
tested breaking instead now new use uses using used should would could can cannot don doesn didn isn
when also just like still already thanks please see`.split(/\s+/),
);

const CHANGE_WEIGHT = 0.15;
const TITLE_WEIGHT = 1;
const BODY_WEIGHT = 0.6;
/** `res` also searches for `response`, at this share of its weight. */
const ABBREVIATION_WEIGHT = 0.5;
/** Words run together (`each day of interval` -> `eachdayofinterval`), at this share. */
const JOINED_WEIGHT = 0.8;
/** Longer tasks are cut here: a pasted log of 100 KB says no more than its first pages. */
export const MAX_TASK_CHARS = 20_000;
const MAX_TERMS = 256;
/** Words per line looked at for joined runs. */
const MAX_JOINED_WORDS = 200;

export function parseTask(task: string): TaskQuery {
  const text = task.trim().slice(0, MAX_TASK_CHARS);
  const cleaned = removeNoise(text);
  return {
    text: task.trim(),
    ...weightedTerms(cleaned),
    identifiers: identifiersOf(cleaned),
    paths: pathsOf(cleaned),
    phrases: phrasesOf(cleaned),
    flags: unique([...cleaned.matchAll(/(?<![\w-])--[a-z][a-z0-9-]{1,40}\b/g)].map((match) => match[0])),
    environment: unique([...cleaned.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g)].map((match) => match[0])),
    routes: unique(
      [...cleaned.matchAll(/(?<![\w./])\/[a-z0-9_:{}-]+(?:\/[a-z0-9_:{}.-]+)+/gi)].map((match) => match[0]),
    ),
    scopes: scopesOf(cleaned),
    titleWords: titleWordsOf(cleaned),
  };
}

/** What the title talks about, word by word: the words a file could be named after. */
function titleWordsOf(text: string): string[] {
  const [title] = titleAndScope(text).lines;
  const words = (title ?? '').toLowerCase().match(/[\p{L}\p{N}_$]+/gu) ?? [];
  return unique(words.filter((word) => word.length >= 3 && !CHANGE_WORDS.has(word) && !STOPWORDS.has(word)));
}

/** `type(scope): subject` on the first line: the scope names the part of the code changed. */
function scopesOf(text: string): string[] {
  const scope = /^\s*[a-z]+\(([^)\n]{1,60})\)!?:/i.exec(text)?.[1];
  if (!scope) return [];
  return unique(
    scope
      .split(/[\s,/|]+/)
      .map((word) => word.toLowerCase())
      .filter((word) => word.length >= 2),
  );
}

/** URLs, issue and PR numbers, @handles, hashes and trailers say nothing about the code. */
function removeNoise(text: string): string {
  return text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^(?:co-authored-by|signed-off-by|reviewed-by):.*$/gim, ' ')
    .replace(/(?<![\w/])[#!]\d+\b/g, ' ')
    .replace(/(?<![\w.])@[\w-]+/g, ' ')
    .replace(/\b[0-9a-f]{12,40}\b/g, ' ');
}

/**
 * `fix(editor)!: ` opening the title: the scope is a label the author chose, not words of the
 * change; its words are searched as title words but kept out of the joined runs, and the ranking
 * demotes them when the scope names nothing in the tree (`withLabelScopesDemoted`).
 */
const SCOPED_PREFIX = /^\s*[a-z]+\(([^)\n]{1,60})\)!?:\s*/i;

/** The lines to read terms from, the title without its scoped prefix, and the prefix's scope. */
function titleAndScope(text: string): { lines: string[]; scope: string } {
  const lines = text.split('\n');
  const prefix = SCOPED_PREFIX.exec(lines[0]!);
  if (!prefix) return { lines, scope: '' };
  return { lines: [lines[0]!.slice(prefix[0].length), ...lines.slice(1)], scope: prefix[1]! };
}

interface WeightedTerms {
  terms: Map<string, number>;
  words: Map<string, string>;
  joined: Set<string>;
  scopeTerms: Set<string>;
}

/** Term -> best weight, times seen, and the word each came from. */
class TermCounts {
  readonly best = new Map<string, number>();
  readonly seen = new Map<string, number>();
  readonly words = new Map<string, string>();

  addLine(line: string, lineWeight: number): void {
    for (const match of line.matchAll(/[\p{L}\p{N}_$]+/gu)) {
      const word = match[0];
      const factor = CHANGE_WORDS.has(word.toLowerCase()) ? CHANGE_WEIGHT : 1;
      for (const term of termsOfWord(word)) this.add(term, word, lineWeight * factor);
      for (const part of splitIdentifier(word)) {
        const expanded = expandAbbreviation(part);
        if (expanded)
          for (const term of termsOfWord(expanded))
            this.add(term, word, lineWeight * factor * ABBREVIATION_WEIGHT);
      }
    }
  }

  add(term: string, word: string, weight: number): void {
    if (!this.words.has(term)) this.words.set(term, word.length <= 40 ? word : term);
    this.best.set(term, Math.max(this.best.get(term) ?? 0, weight));
    this.seen.set(term, (this.seen.get(term) ?? 0) + 1);
  }
}

function weightedTerms(text: string): WeightedTerms {
  const { lines, scope } = titleAndScope(text);
  const counts = new TermCounts();
  lines.forEach((line, index) => {
    counts.addLine(line, index === 0 ? TITLE_WEIGHT : BODY_WEIGHT);
  });
  const fromText = new Set(counts.best.keys());
  counts.addLine(scope, TITLE_WEIGHT);
  const scopeTerms = new Set([...counts.best.keys()].filter((term) => !fromText.has(term)));
  const { best, seen } = counts;
  const joined = new Set<string>();
  for (const [term, weight] of joinedPhrases(lines)) {
    if (!best.has(term)) {
      best.set(term, weight);
      seen.set(term, 1);
      joined.add(term);
    }
  }
  const ranked = [...best.keys()].map((term): [string, number] => {
    const repeats = Math.log(seen.get(term)!) * 0.2;
    return [term, Math.round(best.get(term)! * (1 + Math.min(repeats, 0.5)) * 1000) / 1000];
  });
  // A long task keeps its strongest terms: enough to rank by, and a query stays fast.
  ranked.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const terms = new Map(ranked.slice(0, MAX_TERMS).sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  const kept = (set: Set<string>) => new Set([...set].filter((term) => terms.has(term)));
  return { terms, words: counts.words, joined: kept(joined), scopeTerms: kept(scopeTerms) };
}

/**
 * Prose often spells an identifier as separate words: "raise for status" is `raise_for_status`,
 * "each day of interval" is `eachDayOfInterval`. Runs of two to four words are also searched
 * joined; a run that names nothing in the repository simply matches nothing.
 */
function joinedPhrases(lines: readonly string[]): Map<string, number> {
  const joined = new Map<string, number>();
  lines.forEach((line, index) => {
    const lineWeight = (index === 0 ? TITLE_WEIGHT : BODY_WEIGHT) * JOINED_WEIGHT;
    const words = (line.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).slice(0, MAX_JOINED_WORDS);
    for (let start = 0; start < words.length; start++) {
      for (let length = 2; length <= 4 && start + length <= words.length; length++) {
        const run = words.slice(start, start + length);
        if (CHANGE_WORDS.has(run[0]!.toLowerCase())) break;
        const term = stemWord(run.join('').toLowerCase());
        if (term.length >= 6) joined.set(term, Math.max(joined.get(term) ?? 0, lineWeight));
      }
    }
  });
  return joined;
}

/** A word is code-like when its shape says so: inner capitals, underscores, `$`, digits after letters. */
export function isCodeLike(word: string): boolean {
  return (
    /[a-z][A-Z]/.test(word) ||
    /^[A-Z][a-z0-9]+[A-Z]/.test(word) ||
    /[A-Za-z]_[A-Za-z]/.test(word) ||
    /\$/.test(word) ||
    /^[a-z]{2,}[0-9]+$/i.test(word) ||
    /^[A-Z]{2,}[a-z]/.test(word)
  );
}

function identifiersOf(text: string): string[] {
  const found: string[] = [];
  const backticked = new Set<string>();
  for (const match of text.matchAll(/`([^`\n]{1,120})`/g)) {
    for (const word of match[1]!.match(/[A-Za-z_$][\w$]*/g) ?? []) backticked.add(word);
  }
  for (const match of text.matchAll(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\(\))?/g)) {
    const whole = match[0].replace(/\(\)$/, '');
    const called = match[1] !== undefined;
    for (const word of whole.split('.')) {
      if (word.length < 3 || STOPWORDS.has(word.toLowerCase())) continue;
      const dotted = whole.includes('.') && /^[a-z]/.test(word);
      if (isCodeLike(word) || backticked.has(word) || called || dotted) found.push(word);
    }
  }
  return unique(found.filter((word) => splitIdentifier(word).length > 0));
}

function pathsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:[\w.@-]+\/)+[\w.@-]+|[\w@-]+\.[A-Za-z][A-Za-z0-9]{0,5}\b/g)) {
    const candidate = match[0].replace(/[.,:;]+$/, '');
    const isPath = candidate.includes('/');
    const hasExtension =
      /\.(?:[cm]?[jt]sx?|py|pyi|go|rs|java|kt|rb|php|cs|c|h|cpp|hpp|swift|vue|svelte|json|ya?ml|toml|md|sh|css|scss|html|sql|proto)$/i.test(
        candidate,
      );
    if (hasExtension || (isPath && candidate.split('/').every((part) => part.length > 0)))
      found.push(candidate);
  }
  return unique(found);
}

function phrasesOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/"([^"\n]{6,200})"|'([^'\n]{6,200})'|`([^`\n]{6,200})`/g)) {
    const phrase = (match[1] ?? match[2] ?? match[3])!.trim();
    if (/\s/.test(phrase) || /[^\w$.]/.test(phrase)) found.push(phrase);
  }
  return unique(found);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

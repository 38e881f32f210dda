/**
 * Evidence that a test exercises a change, beyond reaching it through imports: the words of the
 * change it mentions, and the words its path shares with the changed file's (`test/stdio/handle-
 * options.js` for `lib/stdio/handle.js`). A word counts by how rare it is in the suite (a word
 * every test uses, such as the package's main class, says nothing); a changed symbol's name counts
 * three times a word from the changed lines, a path word twice.
 */
import { type ChangedFileTerms, moduleWords, normalizeWord, wordsOf } from './change-terms.js';
import { splitProse } from './message-prose.js';

export interface Mention {
  /** The word as the change spells it. */
  word: string;
  /** The changed file it comes from. */
  file: string;
  /**
   * `symbol`: a function, method or class whose lines changed; `line`: a word on a changed line;
   * `path`: a word of the changed file's path; `part`: a part of a changed identifier that the
   * test's path names (`input` of `handleInputOptions` in `test/io/input-option.js`); `gone`: a
   * name on a removed line that no changed file holds any more (a test naming it must change);
   * `module`: an outside module whose import statement the change added or removed; `said`: a word
   * only a message on a changed line holds (a string literal of several words), found in a message
   * of the test's.
   */
  kind: 'symbol' | 'gone' | 'module' | 'line' | 'said' | 'path' | 'part';
}

export interface TestEvidence {
  score: number;
  /** The strongest mentions first. */
  mentions: Mention[];
}

/** Above this share of the suite a word is too common to tell tests apart. */
const COMMON_SHARE = 0.5;
const WEIGHT: Record<Mention['kind'], number> = {
  symbol: 3,
  gone: 3,
  module: 3,
  line: 1,
  said: 1,
  path: 2,
  part: 2,
};

export interface MentionIndex {
  evidenceOf(test: string): TestEvidence;
}

/** Reads the suite once and scores any test of it against the change's words. */
export function mentionIndex(
  suite: readonly string[],
  terms: readonly ChangedFileTerms[],
  readFile: (path: string) => string | undefined,
): MentionIndex {
  const wanted = new Map<string, Mention>();
  const wantedInPath = new Map<string, Mention>();
  for (const file of terms) {
    for (const word of pathWords(file.path))
      if (!wantedInPath.has(word)) wantedInPath.set(word, { word, file: file.path, kind: 'path' });
  }
  for (const mention of wordMentions(terms)) {
    const word = normalizeWord(mention.word)!;
    if (wanted.get(word)?.kind !== mention.kind) wanted.set(word, mention);
  }
  for (const file of terms)
    for (const part of file.parts)
      if (!wantedInPath.has(part)) wantedInPath.set(part, { word: part, file: file.path, kind: 'part' });
  const inText = new WordCounts(suite.length);
  const inPath = new WordCounts(suite.length);
  for (const test of suite) {
    inPath.add(
      test,
      [...pathWords(test)].filter((word) => wantedInPath.has(word)),
    );
    const text = wanted.size > 0 ? readFile(test) : undefined;
    if (text !== undefined) {
      const held = [...wordsOf(text)].filter((word) => wanted.has(word));
      inText.add(test, held, creditedOf(test, text, held, wanted));
    }
  }
  return {
    evidenceOf: (test) => {
      const scored = [
        ...inText.weighted(test, (word) => wanted.get(word)!),
        ...inPath.weighted(test, (word) => wantedInPath.get(word)!),
      ].sort((a, b) => b.weight - a.weight || (a.mention.word < b.mention.word ? -1 : 1));
      return {
        score: round(scored.reduce((sum, entry) => sum + entry.weight, 0)),
        mentions: scored.map((entry) => entry.mention),
      };
    },
  };
}

/**
 * The wanted words a test's text holds that count for it. A word only a message of the change holds
 * counts where the test's own messages hold it (an expected error, a title), not in its code: a test
 * that asserts on the message says so in a string, while one that merely uses the same English word
 * does not. (How rare the word is still counts every test that holds it.)
 */
function creditedOf(
  test: string,
  text: string,
  held: readonly string[],
  wanted: ReadonlyMap<string, Mention>,
): string[] {
  if (!held.some((word) => wanted.get(word)!.kind === 'said')) return [...held];
  const prose = wordsOf(
    text
      .split('\n')
      .map((line) => splitProse(test, line).prose)
      .join('\n'),
  );
  return held.filter((word) => wanted.get(word)!.kind !== 'said' || prose.has(word));
}

/** The words of the change a test's text may hold, weakest first, so that a stronger kind of the same word wins. */
function wordMentions(terms: readonly ChangedFileTerms[]): Mention[] {
  const mentions: Mention[] = [];
  const add = (kind: Mention['kind'], words: (file: ChangedFileTerms) => readonly string[]) => {
    for (const file of terms)
      for (const word of words(file)) if (normalizeWord(word)) mentions.push({ word, file: file.path, kind });
  };
  add('said', (file) => file.said ?? []);
  add('line', (file) => file.words);
  add('module', (file) => (file.modules ?? []).flatMap(moduleWords));
  add('gone', (file) => file.gone ?? []);
  add('symbol', (file) => file.symbols);
  return mentions;
}

/** Which of the wanted words each test holds, and how many tests hold each: a word's weight is its rarity. */
class WordCounts {
  private readonly found = new Map<string, string[]>();
  private readonly frequency = new Map<string, number>();
  constructor(private readonly size: number) {}

  /** `credited`: the words that count for the test, of the `words` it holds (all of them by default). */
  add(test: string, words: readonly string[], credited: readonly string[] = words): void {
    this.found.set(test, [...credited]);
    for (const word of words) this.frequency.set(word, (this.frequency.get(word) ?? 0) + 1);
  }

  weighted(test: string, mentionOf: (word: string) => Mention): Array<{ mention: Mention; weight: number }> {
    const entries: Array<{ mention: Mention; weight: number }> = [];
    for (const word of this.found.get(test) ?? []) {
      const count = this.frequency.get(word) ?? 0;
      if (count === 0 || count > COMMON_SHARE * this.size) continue;
      const mention = mentionOf(word);
      entries.push({ mention, weight: Math.log(this.size / count) * WEIGHT[mention.kind] });
    }
    return entries;
  }
}

/** The words of a path: folders and the file name split at punctuation, lower-cased, without its extension. */
function pathWords(path: string): Set<string> {
  const words = new Set<string>();
  for (const word of path.replace(/\.[^./]+$/, '').split(/[^A-Za-z0-9]+/)) {
    const bare = word.toLowerCase();
    if (bare.length >= 3) words.add(bare);
  }
  return words;
}

/**
 * `mentions \`formatHelp\` (changed in lib/help.js), \`sortOptions\``; `its path shares \`stdio\`
 * with lib/stdio/handle.js`; `its path names \`input\` (part of a word changed in lib/stdio/handle.js)`.
 */
export function mentionReason(evidence: TestEvidence): string {
  const words = evidence.mentions.filter((mention) => mention.kind !== 'path' && mention.kind !== 'part');
  const paths = evidence.mentions.filter((mention) => mention.kind === 'path');
  const named = evidence.mentions.filter((mention) => mention.kind === 'part');
  const parts: string[] = [];
  const [first, ...rest] = words;
  if (first) {
    const shown = [
      `\`${first.word}\` (${WHERE[first.kind]} ${first.file})`,
      ...rest.slice(0, 2).map((m) => `\`${m.word}\``),
    ];
    const more = rest.length - 2;
    parts.push(`mentions ${shown.join(', ')}${more > 0 ? ` and ${more} more word(s) of the change` : ''}`);
  }
  if (paths[0])
    parts.push(`its path shares ${paths.map((m) => `\`${m.word}\``).join(', ')} with ${paths[0].file}`);
  if (named[0])
    parts.push(
      `its path names ${named.map((m) => `\`${m.word}\``).join(', ')} (part of a word changed in ${named[0].file})`,
    );
  return parts.join('; ');
}

const WHERE: Record<Mention['kind'], string> = {
  symbol: 'changed in',
  gone: 'removed from',
  module: 'a module whose import changed in',
  said: 'in a message changed in',
  line: 'on a changed line in',
  path: 'in the path of',
  part: 'part of a word changed in',
};

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

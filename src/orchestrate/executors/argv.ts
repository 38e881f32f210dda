/**
 * Argv templates: the executor's command line as a list of words with `{placeholder}`s, run
 * without a shell. Shell operators in a template are refused rather than passed on as words,
 * because someone who writes `a | b` expects a pipe and would silently get something else.
 */
import { usageError } from '../../shared/errors.js';
import { PLACEHOLDERS, type PlaceholderValues } from './types.js';

const SHELL_OPERATOR = /^(\|\|?|&&?|;;?|[<>]|>>|\d?>&?\d?|<<<?|\(|\))$/;
const SHELL_SYNTAX = /(\$\(|`|\|\||&&|[|;<>])/;
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** Splits a template into words: whitespace separates, single and double quotes group. */
export function splitTemplate(template: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let started = false;
  for (const character of template) {
    if (quote) {
      if (character === quote) quote = undefined;
      else current += character;
    } else if (character === '"' || character === "'") {
      quote = character;
      started = true;
    } else if (/\s/.test(character)) {
      if (started) words.push(current);
      current = '';
      started = false;
    } else {
      current += character;
      started = true;
    }
  }
  if (quote) throw usageError(`unclosed ${quote} quote in the command template: ${template}`);
  if (started) words.push(current);
  return words;
}

/** Refuses shell operators and unknown placeholders; returns the words unchanged. */
export function checkTemplate(words: readonly string[], source: string): readonly string[] {
  for (const word of words) {
    if (SHELL_OPERATOR.test(word) || SHELL_SYNTAX.test(word))
      throw usageError(
        `the ${source} contains shell syntax (${JSON.stringify(word)}): executors never run through a shell`,
        'give the program and its arguments as words; put pipes and redirections in a script and run that script',
      );
    for (const match of word.matchAll(PLACEHOLDER)) {
      if (!(PLACEHOLDERS as readonly string[]).includes(match[1]!))
        throw usageError(
          `unknown placeholder {${match[1]}} in the ${source}`,
          `use ${PLACEHOLDERS.map((name) => `{${name}}`).join(' ')}`,
        );
    }
  }
  return words;
}

/** The extra arguments go before the first word that carries the prompt (else at the end). */
export function withExtraArgs(words: readonly string[], extra: readonly string[]): string[] {
  if (extra.length === 0) return [...words];
  const at = words.findIndex((word) => word.includes('{prompt}') || word.includes('{promptFile}'));
  return at === -1 ? [...words, ...extra] : [...words.slice(0, at), ...extra, ...words.slice(at)];
}

/** Replaces placeholders with their values; a value is one word whatever it contains. */
export function expandTemplate(words: readonly string[], values: PlaceholderValues): string[] {
  return words.map((word) =>
    word.replace(PLACEHOLDER, (whole, name: string) =>
      Object.hasOwn(values, name) ? values[name as keyof PlaceholderValues] : whole,
    ),
  );
}

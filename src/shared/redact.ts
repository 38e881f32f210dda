/**
 * Masks secrets in text that is about to be stored or shown to a model: index facts, packs,
 * traces, memory, AGENTS.md, summaries, reports. The rules are in `secret-rules.ts`; each match
 * keeps a short prefix so a person can still tell what kind of secret it was.
 */
import { MASK, SECRET_RULES, type SecretRule } from './secret-rules.js';

export interface Redaction {
  text: string;
  /** How many secrets were masked, by kind. */
  found: Record<string, number>;
  /** Characters masked in total (to judge whether a text is "mostly a secret"). */
  maskedChars: number;
}

export function redactSecrets(text: string): Redaction {
  const found: Record<string, number> = {};
  let maskedChars = 0;
  let result = text;
  let literals = new Map<RegExp, boolean>();
  for (const rule of SECRET_RULES) {
    if (!mayMatch(rule, result, literals)) continue;
    const before = result;
    result = result.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args.slice(1, -2) as string[];
      if (rule.accept && !rule.accept(match, ...groups)) return match;
      const replacement = rule.replace(match, ...groups);
      found[rule.kind] = (found[rule.kind] ?? 0) + 1;
      maskedChars += Math.max(0, match.length - replacement.length + MASK.length);
      return replacement;
    });
    // Literal tests were of the text before this rule masked something.
    if (result !== before) literals = new Map();
  }
  return { text: result, found, maskedChars };
}

/** Whether `rule` can match `text`, by its group's literals (tested once per text) and its screen. */
function mayMatch(rule: SecretRule, text: string, literals: Map<RegExp, boolean>): boolean {
  if (rule.literals) {
    let found = literals.get(rule.literals);
    if (found === undefined) {
      found = rule.literals.test(text);
      literals.set(rule.literals, found);
    }
    if (!found) return false;
  }
  return !rule.screen || rule.screen(text);
}

/** The text with its secrets masked. */
export function redacted(text: string): string {
  return redactSecrets(text).text;
}

/** Whether any rule would mask something in `text`. */
export function containsSecret(text: string): boolean {
  const literals = new Map<RegExp, boolean>();
  for (const rule of SECRET_RULES) {
    if (!mayMatch(rule, text, literals)) continue;
    for (const match of text.matchAll(rule.pattern)) {
      if (!rule.accept || rule.accept(match[0], ...(match.slice(1) as string[]))) return true;
    }
  }
  return false;
}

/** True when masking removed most of the text: a "lesson" or note that is mostly a credential. */
export function isMostlySecret(text: string, redaction: Redaction = redactSecrets(text)): boolean {
  const meaningful = text.replace(/\s+/g, '').length;
  return meaningful > 0 && redaction.maskedChars / meaningful > 0.5;
}

/**
 * A JSON-like value with every string in it masked, keys included; other values as they are.
 * For documents that are written or shown whole (a trace step, project facts): masking each
 * string on its own keeps the document's shape whatever a rule matches.
 */
export function redactedValue<T>(value: T): T {
  if (typeof value === 'string') return redacted(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactedValue(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[redacted(key)] = redactedValue(item);
  return result as T;
}

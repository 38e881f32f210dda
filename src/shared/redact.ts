/**
 * Masks secrets in text that is about to be stored (command output tails, lessons, reports).
 * Patterns cover the common credential formats; each match keeps a short prefix so a person can
 * still tell what kind of secret it was.
 */
export interface Redaction {
  text: string;
  /** How many secrets were masked, by kind. */
  found: Record<string, number>;
  /** Characters masked in total (to judge whether a text is "mostly a secret"). */
  maskedChars: number;
}

const MASK = '•••';

const PATTERNS: Array<[string, RegExp, (match: string, ...groups: string[]) => string]> = [
  [
    'private-key',
    /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
    () => `-----BEGIN PRIVATE KEY-----${MASK}-----END PRIVATE KEY-----`,
  ],
  ['openai-key', /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/g, (match) => `${match.slice(0, 6)}${MASK}`],
  [
    'github-token',
    /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/g,
    (match) => `${match.slice(0, 4)}${MASK}`,
  ],
  ['slack-token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, (match) => `${match.slice(0, 5)}${MASK}`],
  ['aws-access-key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, (match) => `${match.slice(0, 4)}${MASK}`],
  ['google-api-key', /\bAIza[0-9A-Za-z_-]{35}\b/g, (match) => `${match.slice(0, 4)}${MASK}`],
  ['stripe-key', /\b[rs]k_(?:live|test)_[0-9A-Za-z]{16,}/g, (match) => `${match.slice(0, 8)}${MASK}`],
  ['npm-token', /\bnpm_[A-Za-z0-9]{30,}/g, () => `npm_${MASK}`],
  ['jwt', /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, () => `eyJ${MASK}`],
  ['bearer', /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{12,}/g, (_match, scheme) => `${scheme} ${MASK}`],
  [
    'connection-string',
    /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]+)(@)/gi,
    (_match, head, _password, at) => `${head}${MASK}${at}`,
  ],
  [
    'assignment',
    /\b((?:[A-Za-z0-9_]*_)?(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret)["']?\s*[:=]\s*["']?)([^\s"',;]{4,})/gi,
    (_match, head) => `${head}${MASK}`,
  ],
];

export function redactSecrets(text: string): Redaction {
  const found: Record<string, number> = {};
  let maskedChars = 0;
  let result = text;
  for (const [kind, pattern, replace] of PATTERNS) {
    result = result.replace(pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args.slice(1, -2) as string[];
      const replacement = replace(match, ...groups);
      found[kind] = (found[kind] ?? 0) + 1;
      maskedChars += Math.max(0, match.length - replacement.length + MASK.length);
      return replacement;
    });
  }
  return { text: result, found, maskedChars };
}

/** True when masking removed most of the text: a "lesson" or note that is mostly a credential. */
export function isMostlySecret(text: string, redaction: Redaction = redactSecrets(text)): boolean {
  const meaningful = text.replace(/\s+/g, '').length;
  return meaningful > 0 && redaction.maskedChars / meaningful > 0.5;
}

/**
 * What a secret looks like, after the rules of secret scanners such as gitleaks: a provider's
 * token format where it has one, else a secret-looking name assigned a value. Each rule keeps a
 * short prefix of what it masks, so a reader can still tell what kind of secret stood there.
 * `redact.ts` applies them; every output that is committed or shown to a model passes it.
 */
export const MASK = '•••';

export interface SecretRule {
  kind: string;
  pattern: RegExp;
  /** The replacement for one match; groups as in `String.replace`. */
  replace: (match: string, ...groups: string[]) => string;
  /** Extra check on the match (entropy), for rules whose shape alone is not proof enough. */
  accept?: (match: string, ...groups: string[]) => boolean;
  /**
   * A cheaper test that is false only where `pattern` cannot match (the pattern without its costly
   * lead, such as `\b\w*` before a name): text failing it skips the pattern. Source files are
   * scanned whole, so the slow patterns get one.
   */
  screen?: (text: string) => boolean;
  /**
   * Literals every match holds one of, shared by several rules: text without any skips all of them,
   * tested once per text for the group (one pass, where each rule's pattern would be one pass of
   * its own). Tried before `screen`.
   */
  literals?: RegExp;
}

/**
 * What every provider-token rule's match starts with or holds (all of them case-sensitive): most
 * texts have none, and skip a dozen patterns for this one pass.
 */
const PROVIDER_LITERALS =
  /PRIVATE KEY|AKIA|ASIA|ABIA|ACCA|A3T|gh[pousr]_|github_pat_|gl(?:pat|dt|ptt|rt|oas)-|xox[abeoprs]-|https:\/\/|[sr]k_(?:live|test)_|sk-|AIza|npm_|eyJ|Bearer|Basic|Token/;
/** A part of each of SECRET_NAME's names (`api_key` holds `key`, `passwd` holds `pass`). */
const SECRET_NAME_LITERALS = /pass|pwd|secret|token|key|credential|webhook/i;

const keepPrefix = (length: number) => (match: string) => `${match.slice(0, length)}${MASK}`;
const keepHead = (_match: string, head: string) => `${head}${MASK}`;

/** Names people give to secrets: a value assigned to one is masked. */
const SECRET_NAME =
  '(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|credentials?|webhook[_-]?url)';
/** Names that hold a secret only when the value looks random (`key = "id"` is no secret). */
const MAYBE_SECRET_NAME = '(?:key|auth|signature|salt|session|cookie|bearer|dsn|conn(?:ection)?[_-]?string)';

export const SECRET_RULES: readonly SecretRule[] = [
  {
    kind: 'private-key',
    literals: PROVIDER_LITERALS,
    // also a block whose end was cut off (a one-line signature, an output tail)
    pattern:
      /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
    replace: (_match, type) => `-----BEGIN ${type}PRIVATE KEY-----${MASK}-----END ${type}PRIVATE KEY-----`,
  },
  {
    kind: 'aws-access-key',
    literals: PROVIDER_LITERALS,
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g,
    replace: keepPrefix(4),
  },
  {
    kind: 'github-token',
    literals: PROVIDER_LITERALS,
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/g,
    replace: keepPrefix(4),
  },
  {
    kind: 'gitlab-token',
    literals: PROVIDER_LITERALS,
    pattern: /\b(?:glpat|gldt|glptt|glrt|gloas)-[A-Za-z0-9_-]{20,}/g,
    replace: keepPrefix(6),
  },
  {
    kind: 'slack-token',
    literals: PROVIDER_LITERALS,
    pattern: /\bxox[abeoprs]-[A-Za-z0-9-]{10,}/g,
    replace: keepPrefix(5),
  },
  {
    kind: 'webhook',
    literals: PROVIDER_LITERALS,
    pattern:
      /\bhttps:\/\/(?:hooks\.slack\.com\/(?:services|workflows|triggers)|(?:[a-z0-9-]+\.)?discord(?:app)?\.com\/api\/webhooks|[a-z0-9-]+\.webhook\.office\.com\/webhookb2|outlook\.office\.com\/webhook)\/[A-Za-z0-9/_@.+-]{8,}/g,
    replace: (match) => `${match.slice(0, match.indexOf('/', 8) + 1)}${MASK}`,
  },
  {
    kind: 'stripe-key',
    literals: PROVIDER_LITERALS,
    pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}/g,
    replace: keepPrefix(8),
  },
  {
    kind: 'openai-key',
    literals: PROVIDER_LITERALS,
    pattern: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/g,
    replace: keepPrefix(6),
  },
  {
    kind: 'google-api-key',
    literals: PROVIDER_LITERALS,
    pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g,
    replace: keepPrefix(4),
  },
  {
    kind: 'npm-token',
    literals: PROVIDER_LITERALS,
    pattern: /\bnpm_[A-Za-z0-9]{30,}/g,
    replace: keepPrefix(4),
  },
  {
    kind: 'jwt',
    literals: PROVIDER_LITERALS,
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.(?:eyJ)?[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    replace: keepPrefix(3),
  },
  {
    kind: 'bearer',
    literals: PROVIDER_LITERALS,
    pattern: /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{12,}/g,
    replace: keepHead,
  },
  {
    kind: 'connection-string',
    pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]+)(?=@)/gi,
    replace: keepHead,
    screen: testOf(/:\/\/[^\s:/@]+:[^\s@/]+@/),
  },
  {
    // environment style, the name in capitals: `DB_PASSWORD=hunter2`, `export API_TOKEN="x"`
    kind: 'assignment',
    literals: SECRET_NAME_LITERALS,
    pattern: new RegExp(
      `\\b([A-Z0-9_]*${SECRET_NAME.toUpperCase()}[A-Z0-9_]*\\s*[:=]\\s*["']?)([^\\s"'\`,;]{4,})`,
      'g',
    ),
    replace: keepHead,
    screen: testOf(new RegExp(`${SECRET_NAME.toUpperCase()}[A-Z0-9_]*\\s*[:=]\\s*["']?[^\\s"'\`,;]{4}`)),
  },
  {
    // in code or config: `password: "x"`, `api_key = 'x'` (a quoted value without spaces)
    kind: 'assignment',
    literals: SECRET_NAME_LITERALS,
    pattern: new RegExp(
      `\\b(\\w*${SECRET_NAME}["']?\\s*(?:[:=]|:=|=>)\\s*(["'\`]))([^\\s"'\`]{4,})(?=\\2)`,
      'gi',
    ),
    replace: keepHead,
    screen: testOf(new RegExp(`${SECRET_NAME}["']?\\s*(?:[:=]|:=|=>)\\s*["'\`][^\\s"'\`]{4}`, 'i')),
  },
  {
    // unquoted in code or on a command line: `password=hunter2`, `--token abc123`, `password hunter2`;
    // the value must hold a digit or a sign, so `token: string` and `password field` stay
    kind: 'assignment',
    literals: SECRET_NAME_LITERALS,
    pattern: new RegExp(
      `(?:^|(?<=[\\s({,;]))(-{0,2}${SECRET_NAME}["']?(?:\\s*[:=]\\s*|\\s+))(?=[^\\s"'\`]*[0-9!@#$%^&*+~])([^\\s"'\`,;()]{6,})`,
      'gim',
    ),
    replace: keepHead,
    accept: (_match, _head, value) => !/^[\w.]+\(|^\d+$|^\$\{?[\w.]+\}?$/.test(value ?? ''),
    // The pattern without its lead (a lookbehind tried at every offset of the text): the name,
    // its separator and six value characters, one of them a digit or a sign.
    screen: testOf(
      new RegExp(
        `${SECRET_NAME}["']?(?:\\s*[:=]\\s*|\\s+)(?=[^\\s"'\`]*[0-9!@#$%^&*+~])[^\\s"'\`,;()]{6}`,
        'i',
      ),
    ),
  },
  {
    kind: 'high-entropy-assignment',
    pattern: new RegExp(
      `\\b(\\w*${MAYBE_SECRET_NAME}\\w*["']?\\s*(?:[:=]|:=|=>)\\s*["'\`]?)([A-Za-z0-9+/_=.-]{16,})`,
      'gi',
    ),
    replace: keepHead,
    accept: (_match, _head, value) => looksRandom(value ?? ''),
    // an accepted value holds a digit (looksRandom)
    screen: testOf(
      new RegExp(
        `${MAYBE_SECRET_NAME}\\w*["']?\\s*(?:[:=]|:=|=>)\\s*["'\`]?(?=[A-Za-z0-9+/_=.-]{16})[A-Za-z0-9+/_=.-]*[0-9]`,
        'i',
      ),
    ),
  },
  {
    // AWS secret access keys are 40 characters of base64 with no prefix: recognisable only by
    // their length and mix (a git hash is 40 characters too, but hexadecimal)
    kind: 'aws-secret-key',
    pattern: /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    replace: () => MASK,
    accept: (match) =>
      /[A-Z]/.test(match) && /[a-z]/.test(match) && /[0-9]/.test(match) && looksRandom(match),
    screen: hasBase64Run40,
  },
];

function testOf(pattern: RegExp): (text: string) => boolean {
  return (text) => pattern.test(text);
}

const BASE64_CHAR = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+')
  BASE64_CHAR[char.charCodeAt(0)] = 1;
const EQUALS = 61;

/** The aws-secret-key pattern's run: exactly this many of `[A-Za-z0-9/+]`, no `=` on either side. */
const RUN = 40;

/**
 * Whether `text` has the run the aws-secret-key pattern needs. Every run of 40 or more characters
 * covers one offset in 40, so only those offsets are looked at, and a run is measured from there;
 * several times faster than a look at every character, itself far faster than the pattern's
 * look-behind tried at every offset.
 */
function hasBase64Run40(text: string): boolean {
  let offset = RUN - 1;
  while (offset < text.length) {
    if (!isBase64At(text, offset)) {
      offset += RUN;
      continue;
    }
    let start = offset;
    while (start > 0 && isBase64At(text, start - 1)) start--;
    let end = offset + 1;
    while (end < text.length && isBase64At(text, end)) end++;
    if (end - start === RUN && text.charCodeAt(start - 1) !== EQUALS && text.charCodeAt(end) !== EQUALS)
      return true;
    // The next run starts after this one and covers a later multiple.
    offset = end + RUN;
  }
  return false;
}

function isBase64At(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code < 128 && BASE64_CHAR[code] === 1;
}

/** Shannon entropy of a string's characters, in bits per character. */
export function entropyOf(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    entropy -= share * Math.log2(share);
  }
  return entropy;
}

/** Random-looking: high entropy, and not a word, a path or a dotted name. */
function looksRandom(value: string): boolean {
  if (value.length < 16) return false;
  if (/^[a-z]+(?:[._-][a-z]+)*$/i.test(value)) return false;
  return entropyOf(value) >= 3.5 && /[0-9]/.test(value);
}

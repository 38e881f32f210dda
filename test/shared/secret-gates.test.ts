import { describe, expect, it } from 'vitest';
import { containsSecret, redactSecrets } from '../../src/shared/redact.js';
import { MASK, SECRET_RULES } from '../../src/shared/secret-rules.js';

/** Every rule's pattern run on the whole text, no literal group or screen first: what the gates must agree with. */
function ungatedContains(text: string): boolean {
  return SECRET_RULES.some((rule) =>
    [...text.matchAll(rule.pattern)].some(
      (match) => !rule.accept || rule.accept(match[0], ...(match.slice(1) as string[])),
    ),
  );
}

function ungatedRedaction(text: string): { text: string; found: Record<string, number> } {
  const found: Record<string, number> = {};
  let result = text;
  for (const rule of SECRET_RULES) {
    result = result.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args.slice(1, -2) as string[];
      if (rule.accept && !rule.accept(match, ...groups)) return match;
      found[rule.kind] = (found[rule.kind] ?? 0) + 1;
      return rule.replace(match, ...groups);
    });
  }
  return { text: result, found };
}

/** Real token shapes (made-up values), one or more per rule. */
const SECRETS = [
  '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg\n-----END EC PRIVATE KEY-----',
  'ASIAY34FZKBOKMUTVV7A',
  'A3T9ABCDEFGHIJKLMNOP',
  `github_pat_${'11ABCDEFG0'.repeat(5)}`,
  `gho_${'aZ09'.repeat(9)}`,
  'gldt-abcdefghij0123456789',
  'xoxb-1234567890-abcdefghij',
  'https://discord.com/api/webhooks/123456/abcdefghijkl',
  'https://acme.webhook.office.com/webhookb2/abcdefgh-1234',
  'rk_test_51Habcdefghijklmnop',
  'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  'sk-ant-api03-abcdefghijklmnopqrstuvwxyz',
  `AIza${'SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'.slice(0, 35)}`,
  `npm_${'a1B2c3D4e5'.repeat(4)}`,
  'Basic dXNlcjpwYXNzd29yZDEyMw==',
  'Token abcdef0123456789abcd',
  'mongodb+srv://admin:s3cr3tP4ss@cluster0.example.net',
  'export CLIENT_SECRET="x9Y8w7V6u5"',
  "apiKey: 'Zx81-kq09-Lm27'",
  '--auth-token=abc123def456',
  'password hunter22',
  '(secret:x1y2z3w4',
  'signature = "Q2xvdWQ5OGFiY2RlZjEyMzQ1Njc4OTA"',
  'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789+/ab',
];

/** Text around the secrets: code, the rules' literals in harmless places, runs near 40 characters. */
const FILLER = [
  'const value = compute(input);',
  'password',
  'TOKEN',
  ' = ',
  ': ',
  '"',
  "'",
  '=',
  ' ',
  '\n',
  'Bearer',
  'sk-',
  'eyJ',
  'https://example.com/',
  'PRIVATE KEY',
  'key',
  'session_cookie: ',
  'token: string',
  'password field',
  '--token ',
  'pwd=',
  'abc12',
  'abcdef',
  '1(',
  '\u0000',
  '•',
];

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+';

function sampleTexts(count: number): string[] {
  const random = generator(17);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const run = () => Array.from({ length: 36 + Math.floor(random() * 9) }, () => pick([...BASE64])).join('');
  return Array.from({ length: count }, () => {
    const parts: string[] = [];
    const length = 3 + Math.floor(random() * 20);
    for (let index = 0; index < length; index++) {
      const roll = random();
      parts.push(roll < 0.15 ? pick(SECRETS) : roll < 0.3 ? run() : pick(FILLER));
    }
    return parts.join('');
  });
}

describe('secret rules behind their literal groups and screens', () => {
  it('find each real token shape, alone and inside code', () => {
    for (const secret of SECRETS) {
      for (const text of [secret, `function f() {\n  return ${secret};\n}\n`]) {
        expect(containsSecret(text), text).toBe(true);
        expect(redactSecrets(text).text, text).toContain(MASK);
      }
    }
  });

  it('decide and mask exactly as the rules run without them, over 4,000 mixed texts', () => {
    const texts = sampleTexts(4000);
    let withSecrets = 0;
    for (const text of texts) {
      const expected = ungatedContains(text);
      if (expected) withSecrets++;
      expect(containsSecret(text), JSON.stringify(text)).toBe(expected);
      const redaction = redactSecrets(text);
      expect({ text: redaction.text, found: redaction.found }, JSON.stringify(text)).toEqual(
        ungatedRedaction(text),
      );
    }
    // Both outcomes are exercised.
    expect(withSecrets).toBeGreaterThan(400);
    expect(withSecrets).toBeLessThan(texts.length - 400);
  });

  it('tell a 40-character base64 run from a 39- or 41-character one and from one by an =', () => {
    const run = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKE1';
    expect(run).toHaveLength(40);
    for (const prefix of ['', 'x ', ' '.repeat(39), ' '.repeat(40), ' '.repeat(41)]) {
      expect(containsSecret(`${prefix}${run}`)).toBe(true);
      expect(containsSecret(`${prefix}${run} tail`)).toBe(true);
      expect(containsSecret(`${prefix}${run.slice(1)}`)).toBe(false);
      expect(containsSecret(`${prefix}${run}A`)).toBe(false);
      expect(containsSecret(`${prefix}=${run}`)).toBe(false);
      expect(containsSecret(`${prefix}${run}=`)).toBe(false);
      expect(containsSecret(`${prefix}${'a'.repeat(45)} ${run}`)).toBe(true);
    }
  });

  it('screen the unquoted assignment rule only where its pattern could match', () => {
    const unquoted = SECRET_RULES.filter(
      (rule) => rule.kind === 'assignment' && rule.pattern.flags.includes('m'),
    );
    expect(unquoted).toHaveLength(1);
    const rule = unquoted[0]!;
    const names = ['password', 'PWD', 'api-key', 'Client_Secret', 'webhook_url', 'tokenizer'];
    const separators = ['=', ' = ', ': ', ' ', '\t', '"=', "' ", ':', '  :  '];
    const values = [
      'hunter2',
      'abc12',
      'abcde1',
      'abcdef',
      'ab,cd1ef',
      'abcdef(1)',
      'x1',
      '$SECRET',
      '123456',
      'f(x)1',
    ];
    const leads = ['', ' ', '(', '-', '--', 'x', ';', '\n'];
    let matched = 0;
    for (const name of names)
      for (const separator of separators)
        for (const value of values)
          for (const lead of leads) {
            const text = `${lead}${name}${separator}${value}`;
            const hit = [...text.matchAll(rule.pattern)].length > 0;
            if (hit) {
              matched++;
              expect(rule.screen!(text), JSON.stringify(text)).toBe(true);
            }
            expect(containsSecret(text), JSON.stringify(text)).toBe(ungatedContains(text));
          }
    expect(matched).toBeGreaterThan(100);
  });
});

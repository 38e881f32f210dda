import { describe, expect, it } from 'vitest';
import { isMostlySecret, redactSecrets } from '../../src/shared/redact.js';

describe('redactSecrets', () => {
  const cases: Array<[string, string, string]> = [
    ['openai key', 'key is sk-proj-abcdefghijklmnopqrstuvwxyz123456', 'sk-abcdefghijklmnopqrstuvwxyz'],
    [
      'github token',
      'GH=ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    ],
    ['aws key', 'aws AKIAIOSFODNN7EXAMPLE here', 'IOSFODNN7EXAMPLE'],
    ['bearer header', 'Authorization: Bearer abc.def-ghi_jkl123456', 'abc.def-ghi_jkl123456'],
    ['connection string', 'DATABASE_URL=postgres://app:hunter2secret@db:5432/app', 'hunter2secret'],
    ['password assignment', 'password = "correct-horse-battery"', 'correct-horse-battery'],
    ['env style secret', 'STRIPE_SECRET=abcd1234efgh5678', 'abcd1234efgh5678'],
    [
      'jwt',
      'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'dozjgNryP4J3jVmNHl0w5N',
    ],
    [
      'private key',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----',
      'MIIEpAIBAAKCAQEA',
    ],
  ];
  it.each(cases)('masks a %s', (_name, input, secret) => {
    const result = redactSecrets(input);
    expect(result.text).not.toContain(secret);
    expect(Object.values(result.found).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('leaves ordinary text alone', () => {
    const text = 'Tests: 12 passed, 0 failed (src/token.ts, tokenize()). The password field is validated.';
    expect(redactSecrets(text)).toEqual({ text, found: {}, maskedChars: 0 });
  });

  it('tells when a text is mostly a secret', () => {
    expect(isMostlySecret('sk-proj-abcdefghijklmnopqrstuvwxyz1234567890abcd')).toBe(true);
    expect(isMostlySecret('Always run the migrations before the API tests; they need the schema.')).toBe(
      false,
    );
  });

  const corpus: Array<[string, string, string]> = [
    [
      'AWS key id in a signature',
      'export const AWS_ACCESS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"',
      'IOSFODNN7EXAMPLE',
    ],
    ['bare AWS secret key', 'out: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY done', 'wJalrXUtnFEMI'],
    [
      'Slack webhook',
      'POST https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX',
      'XXXXXXXXXXXX',
    ],
    ['GitLab token', 'GITLAB=glpat-abcdefghijklmnopqrstu', 'abcdefghijklmnopqrstu'],
    ['password on a command line', 'mysql -u root --password hunter22', 'hunter22'],
    ['env password', 'DB_PASSWORD=supersecret', 'supersecret'],
    [
      'cut-off PEM block',
      'const KEY = "-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjE',
      'b3BlbnNzaC1rZXktdjE',
    ],
    ['high-entropy value', 'session_key = "a8F3kL9pQ2zR7tVw1YbN5cXm"', 'a8F3kL9pQ2zR7tVw1YbN5cXm'],
  ];
  it.each(corpus)('masks a %s', (_name, input, secret) => {
    expect(redactSecrets(input).text).not.toContain(secret);
  });

  it.each([
    'commit 3f786850e387550fdab836ed7e6dc881de23001b',
    'function login(token: string, password: string): Promise<void>',
    'const password = options.password ?? process.env.PASSWORD;',
    'primaryKey: "id"',
    'cacheKey = computeCacheKey(path, hash)',
  ])('leaves code and hashes alone: %s', (text) => {
    expect(redactSecrets(text).text).toBe(text);
  });
});

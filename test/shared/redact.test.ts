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
});

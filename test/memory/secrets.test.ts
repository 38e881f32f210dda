import { describe, expect, it } from 'vitest';
import { addLesson } from '../../src/memory/lessons.js';
import { scanSecrets } from '../../src/memory/secrets.js';
import { makeTempDir } from '../helpers/repo.js';

const fake = (prefix: string, length: number) => prefix + 'A1b2C3d4E5'.repeat(10).slice(0, length);

const table: Array<[string, string, string]> = [
  ['aws-access-key', `key AKIA${'ABCDEFGHIJKLMNOP'} in the env`, 'key [redacted:aws-access-key] in the env'],
  ['github-token', `use ${fake('ghp_', 36)} here`, 'use [redacted:github-token] here'],
  ['anthropic-key', `${fake('sk-ant-api03-', 30)}`, '[redacted:anthropic-key]'],
  ['openai-key', `OPENAI=${fake('sk-proj-', 30)}`, 'OPENAI=[redacted:openai-key]'],
  ['slack-token', `xoxb-${'1234567890'}-abcdef`, '[redacted:slack-token]'],
  [
    'connection-string',
    'postgres://app:s3cretPass@db.local:5432/shop',
    'postgres://app:[redacted:connection-string]@db.local:5432/shop',
  ],
  [
    'bearer-token',
    'Authorization: Bearer abcdefghijklmnop1234',
    'Authorization: Bearer [redacted:bearer-token]',
  ],
  ['assignment', 'set password = "hunter2hunter2"', 'set password = "[redacted:assignment]"'],
  [
    'private-key',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----',
    '[redacted:private-key]',
  ],
  ['jwt', `token eyJhbGciOiJI.eyJzdWIiOiIx.c2lnbmF0dXJl`, 'token [redacted:jwt]'],
];

describe('secret scan', () => {
  for (const [kind, input, output] of table) {
    it(`masks ${kind}`, () => {
      const result = scanSecrets(input);
      expect(result.text).toBe(output);
      expect(result.findings.map((finding) => finding.kind)).toContain(kind);
    });
  }

  it('leaves ordinary lessons alone', () => {
    for (const text of [
      'Run npm test before pushing; the token cache lives in .agent-context/cache/tokens.json.',
      'Use the apiKeyEnv setting, never a literal key.',
      'The password field on the login form must be masked.',
    ])
      expect(scanSecrets(text)).toMatchObject({ text, findings: [] });
  });

  it('a lesson that is mostly a secret is refused; one that mentions one is masked', async () => {
    const root = makeTempDir();
    await expect(addLesson(root, { text: fake('ghp_', 40) })).rejects.toThrow(
      /the lesson is mostly a secret \(a GitHub token\): refused/,
    );
    const saved = await addLesson(root, {
      text: `The staging database is postgres://app:pa55word@staging/db; connect through the VPN first.`,
    });
    expect(saved.lesson.body).toContain('postgres://app:[redacted:connection-string]@staging/db');
    expect(saved.masked).toEqual([{ kind: 'connection-string', length: 8 }]);
  });
});

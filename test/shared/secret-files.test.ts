import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSecretFile } from '../../src/shared/secret-files.js';

describe('isSecretFile', () => {
  it.each([
    '.env',
    'app/.env.local',
    '.env.production',
    'certs/server.pem',
    'certs/server.key',
    'keys/store.p12',
    'deploy/id_rsa',
    'home/.ssh/id_ed25519',
    'credentials',
    '.aws/credentials',
    '.git-credentials',
    '.netrc',
    'config/secrets.yml',
    'infra/prod.tfvars',
  ])('%s holds secrets', (path) => expect(isSecretFile(path, 'anything')).toBe(true));

  it.each([
    '.env.example',
    '.env.sample',
    'src/env.ts',
    'docs/keys.md',
    'deploy/id_rsa.pub',
    'src/credentials.ts',
    'src/key.tsx',
    'environment.yml',
  ])('%s does not', (path) => expect(isSecretFile(path, 'anything')).toBe(false));

  it('.npmrc, .yarnrc.yml and .pypirc only with a credential inside', () => {
    expect(isSecretFile('.npmrc', 'registry=https://registry.npmjs.org/\n')).toBe(false);
    expect(isSecretFile('.npmrc', '//registry.npmjs.org/:_authToken=npm_abc\n')).toBe(true);
    expect(isSecretFile('.yarnrc.yml', 'nodeLinker: node-modules\n')).toBe(false);
    expect(isSecretFile('.yarnrc.yml', 'npmAuthToken: abc\n')).toBe(true);
    expect(isSecretFile('.pypirc', '[pypi]\nusername = me\npassword = pw\n')).toBe(true);
    expect(isSecretFile('.npmrc')).toBe(true);
  });
});

describe('isSecretFile cuts names by index', () => {
  it('agrees with posix basename and extname on awkward names', () => {
    // The extensions and names the rule knows, read with node's own path functions.
    const extensions = new Set(['.pem', '.key', '.p12', '.pfx', '.jks', '.keystore', '.ppk', '.tfvars']);
    const names = [
      'a.pem',
      '.pem',
      '..pem',
      '...key',
      'x.',
      'KEY.PEM',
      'a.b.key',
      'id_rsa',
      'ID_RSA',
      'id_rsa_work',
      'id_rsa.pub',
      'noext',
      '.npmrc',
      '.NPMRC',
      'credentials',
      'Credentials',
      '.yarnrc.yml',
    ];
    for (const folder of ['', 'a/', 'a/b/', '.gem/', 'x.pem/']) {
      for (const name of names) {
        const path = `${folder}${name}`;
        const lower = posix.basename(path).toLowerCase();
        const byExtension = extensions.has(posix.extname(lower));
        if (byExtension) expect(isSecretFile(path, ''), path).toBe(true);
        if (!byExtension && /^[a-z.]+$/.test(lower) && lower.includes('.') && !lower.startsWith('.'))
          expect(isSecretFile(path, ''), path).toBe(false);
      }
    }
    expect(isSecretFile('x.pem/readme.md', '')).toBe(false);
    expect(isSecretFile('.gem/credentials', ':rubygems_api_key: x')).toBe(true);
    expect(isSecretFile('proj/.npmrc', 'registry=https://r.example')).toBe(false);
    expect(isSecretFile('proj/.npmrc', '//r.example/:_authToken=abc')).toBe(true);
  });
});

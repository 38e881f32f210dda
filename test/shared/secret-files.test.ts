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

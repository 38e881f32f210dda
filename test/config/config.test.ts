import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type LoadedConfig, loadConfig } from '../../src/config/load.js';
import { configJsonSchema, defaultConfig } from '../../src/config/schema.js';
import { withConfigTrust } from '../../src/config/trust.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

/** Loads a config as `--trust-config` does (the trust recorded in a temp folder, never the user's). */
const loadTrusted = (root: string): Promise<LoadedConfig> =>
  withConfigTrust({ execution: 'trust', env: { XDG_CONFIG_HOME: makeTempDir('ocpp-xdg-') } }, () =>
    loadConfig(root),
  );

describe('config', () => {
  it('the build ships the defaults and the JSON Schema exactly as the zod schema says', () => {
    expect(
      JSON.parse(readFileSync(new URL('../../dist/config/defaults.json', import.meta.url), 'utf8')),
    ).toEqual(defaultConfig());
    expect(
      JSON.parse(
        readFileSync(new URL('../../schema/opencode-plusplus.config.schema.json', import.meta.url), 'utf8'),
      ),
    ).toEqual(configJsonSchema());
  });

  it('reads json, jsonc (comments, trailing commas) and mjs configs into the resolved shape', async () => {
    const jsonc = makeRepo({
      'opencode-plusplus.config.jsonc': '{\n  // smaller budget\n  "context": { "centralModules": 5, },\n}\n',
    });
    expect((await loadConfig(jsonc)).config.context.centralModules).toBe(5);
    const mjs = makeRepo({
      'opencode-plusplus.config.mjs': 'export default () => ({ policy: { evidence: "strict" } });\n',
    });
    const loaded = await loadTrusted(mjs);
    expect(loaded).toMatchObject({
      file: 'opencode-plusplus.config.mjs',
      config: { policy: { evidence: 'strict', failOn: 'required' } },
    });
    const none = await loadConfig(makeRepo({}));
    expect(none).toEqual({ config: defaultConfig(), hash: 'none' });
  });

  it('refuses two config files and a module that throws, naming them', async () => {
    const both = makeRepo({ 'opencode-plusplus.config.json': '{}', 'opencode-plusplus.config.jsonc': '{}' });
    await expect(loadConfig(both)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('more than one config file'),
    });
    const throwing = makeRepo({ 'opencode-plusplus.config.mjs': 'throw new Error("boom");\n' });
    await expect(loadTrusted(throwing)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      details: { file: 'opencode-plusplus.config.mjs' },
    });
    const wrongType = makeRepo({
      'opencode-plusplus.config.mjs': 'export default { scan: { maxFileBytes: -1 } };\n',
    });
    await expect(loadTrusted(wrongType)).rejects.toMatchObject({ details: { key: 'scan.maxFileBytes' } });
  });
});

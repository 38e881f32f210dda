/**
 * Config trust: a repository's opencode-plusplus.config.mjs is code, so it runs only after
 * `--trust-config` or with a trust record (kept outside the repository) for that version of it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trustRepositoryConfig } from '../../src/config/load.js';
import { CLI_BIN, runCli } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

/** A config module that leaves a mark when it runs and renames the agents file. */
const configModule = (mark: string, agentsFile = 'AGENTS.trusted.md') =>
  [
    "import { writeFileSync } from 'node:fs';",
    `writeFileSync(${JSON.stringify(mark)}, 'ran');`,
    `export default { context: { agentsFile: ${JSON.stringify(agentsFile)} } };`,
    '',
  ].join('\n');

function setUp() {
  const mark = join(makeTempDir('ocpp-mark-'), 'ran');
  const root = makeRepo({
    'src/a.ts': 'export const a = 1;\n',
    'opencode-plusplus.config.mjs': configModule(mark),
  });
  const home = makeTempDir('ocpp-home-');
  const env = { XDG_CONFIG_HOME: join(home, 'config'), HOME: home };
  return { root, mark, home, env };
}

describe('config trust', () => {
  it('an untrusted config module is not run: a warning on stderr says how to trust it, the defaults build', () => {
    const { root, mark, env } = setUp();
    const build = runCli(['build', '.'], root, env);
    expect(build.code, build.stderr).toBe(0);
    expect(existsSync(mark)).toBe(false);
    expect(build.stderr).toContain('opencode-plusplus.config.mjs was not run');
    expect(build.stderr).toContain('--trust-config');
    expect(build.stderr).toContain(join(env.XDG_CONFIG_HOME, 'opencode-plusplus', 'trust.json'));
    expect(build.stderr.match(/was not run/g)).toHaveLength(1);
    expect(existsSync(join(root, 'AGENTS.md'))).toBe(true);
    expect(existsSync(join(root, 'AGENTS.trusted.md'))).toBe(false);
  });

  it('--trust-config runs it and records the trust outside the repository; later commands run it too', () => {
    const { root, mark, env } = setUp();
    const trusted = runCli(['build', '.', '--trust-config'], root, env);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(existsSync(mark)).toBe(true);
    expect(existsSync(join(root, 'AGENTS.trusted.md'))).toBe(true);
    const store = JSON.parse(
      readFileSync(join(env.XDG_CONFIG_HOME, 'opencode-plusplus', 'trust.json'), 'utf8'),
    );
    expect(store.schemaVersion).toBe(1);
    expect(Object.values(store.repositories)).toEqual([
      expect.objectContaining({
        file: 'opencode-plusplus.config.mjs',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    const again = runCli(['status', '.'], root, env);
    expect(again.stderr).not.toContain('was not run');
  });

  it('a config changed since it was trusted is not run until trusted again', () => {
    const { root, mark, env } = setUp();
    expect(runCli(['build', '.', '--trust-config'], root, env).code).toBe(0);
    const changedMark = `${mark}-changed`;
    writeFileSync(join(root, 'opencode-plusplus.config.mjs'), configModule(changedMark));
    const build = runCli(['build', '.'], root, env);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).toContain('it changed since you trusted it');
    expect(existsSync(changedMark)).toBe(false);
  });

  it('the trust belongs to one clone: another folder with the same config is not trusted', () => {
    const { root, env } = setUp();
    expect(runCli(['build', '.', '--trust-config'], root, env).code).toBe(0);
    const otherMark = join(makeTempDir('ocpp-mark-'), 'ran');
    const other = makeRepo({
      'src/a.ts': 'export const a = 1;\n',
      'opencode-plusplus.config.mjs': configModule(otherMark),
    });
    expect(runCli(['build', '.'], other, env).stderr).toContain('you have not trusted this repository');
    expect(existsSync(otherMark)).toBe(false);
  });

  it('a JSON config needs no trust', () => {
    const { root, env } = setUp();
    const json = makeRepo({
      'src/a.ts': 'export const a = 1;\n',
      'opencode-plusplus.config.json': JSON.stringify({ context: { agentsFile: 'AGENTS.json.md' } }),
    });
    const build = runCli(['build', '.'], json, env);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).not.toContain('was not run');
    expect(existsSync(join(json, 'AGENTS.json.md'))).toBe(true);
    expect(root).not.toBe(json);
  });

  it('--trust-config is documented in --help', () => {
    const help = runCli(['--help'], process.cwd());
    expect(help.stdout).toContain('--trust-config');
  });

  it('hooks never run it, even when trusted: exit 0, nothing on stdout', () => {
    const { root, mark, env } = setUp();
    expect(runCli(['build', '.', '--trust-config'], root, env).code).toBe(0);
    rmSync(mark);
    for (const hook_event_name of ['SessionStart', 'UserPromptSubmit', 'Stop']) {
      const payload = JSON.stringify({
        hook_event_name,
        cwd: root,
        session_id: 's1',
        prompt: 'hi',
        source: 'startup',
      });
      const run = spawnSync(process.execPath, [CLI_BIN, 'hook', 'claude'], {
        cwd: root,
        input: payload,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toBe('');
    }
    expect(existsSync(mark)).toBe(false);
  });

  it('trustRepositoryConfig records the module as it is now (what init offers)', async () => {
    const { root, mark, env } = setUp();
    const trusted = await trustRepositoryConfig(root, env);
    expect(trusted?.file).toBe('opencode-plusplus.config.mjs');
    const build = runCli(['build', '.'], root, env);
    expect(build.stderr).not.toContain('was not run');
    expect(existsSync(mark)).toBe(true);
    expect(await trustRepositoryConfig(makeRepo({ 'src/a.ts': '' }), env)).toBeUndefined();
  });
});

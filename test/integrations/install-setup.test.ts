/**
 * Set-up that works the first time: hooks and MCP entries call a CLI that exists (its absolute
 * path, or npx when the project has the package), the MCP server lands in each agent's own
 * format, a second install changes nothing, uninstall takes exactly our entry back out, and a
 * folder given as --config is a clear usage error.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveCliCommand } from '../../src/integrations/install/index.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

const PACKAGE_ROOT = resolve(import.meta.dirname, '../..');

function sandbox() {
  const repo = makeRepo({});
  const home = makeTempDir('ocpp-home-');
  const env = { HOME: home, CODEX_HOME: join(home, '.codex'), XDG_CONFIG_HOME: join(home, '.config') };
  return { repo, home, env };
}

describe('the command hooks and MCP entries run', () => {
  it('is this CLI by an absolute path that exists and runs from any directory, and install says so', () => {
    const { repo, env } = sandbox();
    const result = runCli(['install', 'claude', '-C', repo], repo, env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('by its absolute path');
    const settings = JSON.parse(readFileSync(join(repo, '.claude/settings.json'), 'utf8'));
    const command: string = settings.hooks.Stop[0].hooks[0].command;
    expect(command).toBe(`${join(PACKAGE_ROOT, 'dist/cli/main.js')} hook claude`);
    // the agent runs it through a shell with a PATH that does not know us
    const version = spawnSync('sh', ['-c', `${command.replace(/ hook claude$/, '')} --version`], {
      cwd: makeTempDir(),
      env: { PATH: '/usr/bin:/bin', HOME: env.HOME },
      encoding: 'utf8',
    });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is npx --no-install opencode-plusplus when the project has this package installed, and npx runs it offline', () => {
    const { repo, env } = sandbox();
    mkdirSync(join(repo, 'node_modules/.bin'), { recursive: true });
    symlinkSync(PACKAGE_ROOT, join(repo, 'node_modules/opencode-plusplus'));
    symlinkSync('../opencode-plusplus/dist/cli/main.js', join(repo, 'node_modules/.bin/opencode-plusplus'));
    const resolved = resolveCliCommand(repo);
    expect(resolved).toMatchObject({ source: 'npx', argv: ['npx', '--no-install', 'opencode-plusplus'] });
    const result = runCli(['install', 'codex', '-C', repo, '--scope', 'project', '--json'], repo, env);
    expect(JSON.parse(result.stdout).command).toEqual({
      argv: ['npx', '--no-install', 'opencode-plusplus'],
      source: 'npx',
    });
    const hooks = JSON.parse(readFileSync(join(repo, '.codex/hooks.json'), 'utf8'));
    expect(hooks.hooks.Stop[0].hooks[0].command).toBe('npx --no-install opencode-plusplus hook codex');
    const version = execFileSync('npx', ['--no-install', 'opencode-plusplus', '--version'], {
      cwd: repo,
      env: { ...process.env, npm_config_offline: 'true' },
      encoding: 'utf8',
    });
    expect(version.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is what --command says when given', () => {
    expect(resolveCliCommand('/nowhere', 'node /opt/ocpp/main.js')).toMatchObject({
      source: 'given',
      argv: ['node', '/opt/ocpp/main.js'],
    });
  });
});

describe('install --mcp', () => {
  it("registers the server in Claude Code's .mcp.json beside the person's own servers, once", () => {
    const { repo, env } = sandbox();
    writeFileSync(
      join(repo, '.mcp.json'),
      '{\n  // mine\n  "mcpServers": { "docs": { "type": "stdio", "command": "docs-mcp" } }\n}\n',
    );
    const first = runCli(['install', 'claude', '--mcp', '-C', repo], repo, env);
    expect(first.code).toBe(0);
    const text = readFileSync(join(repo, '.mcp.json'), 'utf8');
    expect(text).toContain('// mine');
    const parsed = JSON.parse(text.replace('// mine', ''));
    expect(parsed.mcpServers.docs).toEqual({ type: 'stdio', command: 'docs-mcp' });
    expect(parsed.mcpServers['opencode-plusplus']).toEqual({
      type: 'stdio',
      command: join(PACKAGE_ROOT, 'dist/cli/main.js'),
      args: ['mcp', repo],
    });
    const second = runCli(['install', 'claude', '--mcp', '-C', repo], repo, env);
    expect(second.stdout).toContain('nothing to install');
    expect(readFileSync(join(repo, '.mcp.json'), 'utf8')).toBe(text);
    runCli(['uninstall', 'claude', '-C', repo], repo, env);
    const after = JSON.parse(readFileSync(join(repo, '.mcp.json'), 'utf8').replace('// mine', ''));
    expect(after.mcpServers).toEqual({ docs: { type: 'stdio', command: 'docs-mcp' } });
  });

  it("writes [mcp_servers.opencode-plusplus] into Codex's config.toml and keeps the other tables", () => {
    const { repo, env } = sandbox();
    mkdirSync(env.CODEX_HOME, { recursive: true });
    const original = 'model = "gpt-5"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n';
    writeFileSync(join(env.CODEX_HOME, 'config.toml'), original);
    expect(
      runCli(['install', 'codex', '--mcp', '--no-hooks', '--scope', 'user', '-C', repo], repo, env).code,
    ).toBe(0);
    const toml = readFileSync(join(env.CODEX_HOME, 'config.toml'), 'utf8');
    const entry = join(PACKAGE_ROOT, 'dist/cli/main.js');
    expect(toml).toBe(
      `${original}\n[mcp_servers.opencode-plusplus]\ncommand = ${JSON.stringify(entry)}\nargs = ${JSON.stringify(['mcp', repo])}\n`,
    );
    runCli(['install', 'codex', '--mcp', '--no-hooks', '--scope', 'user', '-C', repo], repo, env);
    expect(readFileSync(join(env.CODEX_HOME, 'config.toml'), 'utf8')).toBe(toml);
    runCli(['uninstall', 'codex', '--scope', 'user', '-C', repo], repo, env);
    expect(readFileSync(join(env.CODEX_HOME, 'config.toml'), 'utf8')).toBe(original);
  });

  it('adds a local server under "mcp" in opencode.json', () => {
    const { repo, env } = sandbox();
    writeFileSync(join(repo, 'opencode.json'), '{ "model": "gw/m" }\n');
    expect(runCli(['install', 'opencode', '--mcp', '-C', repo], repo, env).code).toBe(0);
    const config = JSON.parse(readFileSync(join(repo, 'opencode.json'), 'utf8'));
    expect(config.model).toBe('gw/m');
    expect(config.mcp['opencode-plusplus']).toEqual({
      type: 'local',
      command: [join(PACKAGE_ROOT, 'dist/cli/main.js'), 'mcp', repo],
      enabled: true,
    });
  });
});

describe('install --config', () => {
  it('refuses a directory with exit 2, a clear message and no stack, and writes nothing', () => {
    const { repo, env } = sandbox();
    const result = runCli(['install', 'claude', '-C', repo, '--config', repo], repo, env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--config ${repo} is a directory`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(spawnSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' }).stdout).toBe('');
  });
});

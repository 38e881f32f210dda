/**
 * install / uninstall on real temporary config files that already hold a person's own hooks:
 * ours are merged in once, updated in place, removed exactly; nothing else moves; --dry-run
 * writes nothing; a file we cannot parse is never overwritten. The generated OpenCode plugin is
 * loaded by Node and called like OpenCode calls it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { runInstaller } from '../../src/integrations/install/index.js';
import { CLI_BIN, runCliInProcess } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

const userClaudeSettings = {
  model: 'sonnet',
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: '/usr/local/bin/audit-bash', timeout: 5 }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
  },
};

function setup() {
  const repo = makeRepo({});
  const home = makeTempDir('ocpp-home-');
  const env = {
    HOME: home,
    CODEX_HOME: join(home, '.codex'),
    OPENCLAW_STATE_DIR: join(home, '.openclaw'),
    XDG_CONFIG_HOME: join(home, '.config'),
  };
  return { repo, home, env };
}

const options = (repo: string, env: NodeJS.ProcessEnv, command = 'opencode-plusplus') => ({
  directory: repo,
  scope: 'project' as const,
  command,
  env,
});

describe('install claude', () => {
  it("merges our hooks beside the person's, idempotently, and uninstall gives the file back", async () => {
    const { repo, env } = setup();
    const file = join(repo, '.claude/settings.json');
    mkdirSync(join(repo, '.claude'));
    const original = `${JSON.stringify(userClaudeSettings, null, 2)}\n`;
    writeFileSync(file, original);
    const first = await runInstaller('claude', 'install', options(repo, env));
    expect(first.files).toMatchObject([{ file, change: 'update' }]);
    const settings = JSON.parse(readFileSync(file, 'utf8'));
    expect(settings.model).toBe('sonnet');
    expect(settings.permissions).toEqual(userClaudeSettings.permissions);
    expect(settings.hooks.PreToolUse).toEqual([
      userClaudeSettings.hooks.PreToolUse[0],
      { matcher: '*', hooks: [{ type: 'command', command: 'opencode-plusplus hook claude', timeout: 30 }] },
    ]);
    expect(settings.hooks.Stop[0]).toEqual(userClaudeSettings.hooks.Stop[0]);
    expect(Object.keys(settings.hooks).sort()).toEqual([
      'PostToolUse',
      'PostToolUseFailure',
      'PreToolUse',
      'SessionEnd',
      'SessionStart',
      'Stop',
      'UserPromptSubmit',
    ]);
    const second = await runInstaller('claude', 'install', options(repo, env));
    expect(second.files).toEqual([]);
    // a new command updates ours in place instead of adding a second entry
    await runInstaller('claude', 'install', options(repo, env, 'node /opt/ocpp/dist/cli/main.js'));
    const updated = JSON.parse(readFileSync(file, 'utf8'));
    expect(updated.hooks.Stop).toHaveLength(2);
    expect(updated.hooks.Stop[1].hooks[0].command).toBe('node /opt/ocpp/dist/cli/main.js hook claude');
    await runInstaller('claude', 'uninstall', options(repo, env));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(userClaudeSettings);
    expect((await runInstaller('claude', 'uninstall', options(repo, env))).files).toEqual([]);
  });

  it('--dry-run shows the diff and writes nothing; user scope honours CLAUDE_CONFIG_DIR', async () => {
    const { repo, home, env } = setup();
    const run = await runCliInProcess(
      ['install', 'claude', '--scope', 'user', '--dry-run', '-C', repo, '--json'],
      repo,
      {
        ...env,
        CLAUDE_CONFIG_DIR: join(home, 'claude-config'),
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      dryRun: true,
      files: [{ file: join(home, 'claude-config/settings.json'), change: 'create' }],
    });
    expect(result.files[0].diff).toContain(`+             "command": "${CLI_BIN} hook claude",`);
    expect(existsSync(join(home, 'claude-config'))).toBe(false);
  });

  it('a settings file that cannot be parsed is never overwritten', async () => {
    const { repo } = setup();
    mkdirSync(join(repo, '.claude'));
    writeFileSync(join(repo, '.claude/settings.json'), '{ "hooks": { "Stop": [ }');
    const run = await runCliInProcess(['install', 'claude', '-C', repo, '--json'], repo);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({
      code: 'CONFIG_INVALID',
      file: join(repo, '.claude/settings.json'),
      line: 1,
    });
    expect(readFileSync(join(repo, '.claude/settings.json'), 'utf8')).toBe('{ "hooks": { "Stop": [ }');
    writeFileSync(join(repo, '.claude/settings.json'), '{ "hooks": { "Stop": "say done" } }');
    expect((await runCliInProcess(['install', 'claude', '-C', repo], repo)).stderr).toContain(
      'hooks.Stop is not a list of hook groups',
    );
  });
});

describe('install codex', () => {
  it("adds hooks and notify, but never replaces the person's own notify program", async () => {
    const { repo, env } = setup();
    mkdirSync(join(repo, '.codex'));
    writeFileSync(
      join(repo, '.codex/config.toml'),
      'model = "gpt-5"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n',
    );
    await runInstaller('codex', 'install', options(repo, env));
    const toml = readFileSync(join(repo, '.codex/config.toml'), 'utf8');
    expect(toml).toBe(
      'model = "gpt-5"\nnotify = ["opencode-plusplus","hook","codex","--notify"]\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n',
    );
    expect(
      JSON.parse(readFileSync(join(repo, '.codex/hooks.json'), 'utf8')).hooks.Stop[0].hooks[0].command,
    ).toBe('opencode-plusplus hook codex');
    expect((await runInstaller('codex', 'install', options(repo, env))).files).toEqual([]);
    await runInstaller('codex', 'uninstall', options(repo, env));
    expect(readFileSync(join(repo, '.codex/config.toml'), 'utf8')).toBe(
      'model = "gpt-5"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n',
    );

    const other = setup();
    mkdirSync(join(other.repo, '.codex'));
    writeFileSync(join(other.repo, '.codex/config.toml'), 'notify = ["terminal-notifier"]\n');
    const result = await runInstaller('codex', 'install', options(other.repo, other.env));
    expect(result.warnings[0]).toContain('already has a notify program');
    expect(readFileSync(join(other.repo, '.codex/config.toml'), 'utf8')).toBe(
      'notify = ["terminal-notifier"]\n',
    );
  });
});

describe('install opencode', () => {
  it('writes the plugin once, leaves a foreign file alone, and the plugin asks us in reflection sessions', async () => {
    const { repo, env } = setup();
    const command = `${process.execPath} ${CLI_BIN}`;
    const first = await runInstaller('opencode', 'install', options(repo, env, command));
    const file = join(repo, '.opencode/plugins/opencode-plusplus.js');
    expect(first.files).toMatchObject([{ file, change: 'create' }]);
    expect((await runInstaller('opencode', 'install', options(repo, env, command))).files).toEqual([]);

    const module = await import(pathToFileURL(file).href);
    const hooks = await module.OpencodePlusplus({
      client: { session: { messages: async () => ({ data: [] }) } },
      directory: repo,
    });
    // ordinary session: nothing asked, nothing refused
    await expect(
      hooks['tool.execute.before'](
        { tool: 'write', sessionID: 's', callID: 'c' },
        { args: { filePath: join(repo, 'a.ts') } },
      ),
    ).resolves.toBeUndefined();
    process.env.OPENCODE_PLUSPLUS_REFLECTION = '1';
    try {
      await expect(
        hooks['tool.execute.before'](
          { tool: 'write', sessionID: 's', callID: 'c' },
          { args: { filePath: join(repo, 'a.ts') } },
        ),
      ).rejects.toThrow('refused in a reflection session');
      await expect(
        hooks['tool.execute.before'](
          { tool: 'write', sessionID: 's', callID: 'c' },
          { args: { filePath: join(repo, '.agent-context/memory/x.md') } },
        ),
      ).resolves.toBeUndefined();
    } finally {
      delete process.env.OPENCODE_PLUSPLUS_REFLECTION;
    }

    const foreign = setup();
    mkdirSync(join(foreign.repo, '.opencode/plugins'), { recursive: true });
    writeFileSync(
      join(foreign.repo, '.opencode/plugins/opencode-plusplus.js'),
      'export const Mine = async () => ({});\n',
    );
    const skipped = await runInstaller('opencode', 'install', options(foreign.repo, foreign.env));
    expect(skipped.files).toEqual([]);
    expect(skipped.warnings[0]).toContain('not ours');
    expect((await runInstaller('opencode', 'uninstall', options(foreign.repo, foreign.env))).files).toEqual(
      [],
    );
    await runInstaller('opencode', 'uninstall', options(repo, env));
    expect(existsSync(file)).toBe(false);
  });
});

describe('install openclaw', () => {
  it('installs the extension and enables it in a config with comments, keeping them', async () => {
    const { repo, home, env } = setup();
    mkdirSync(join(home, '.openclaw'), { recursive: true });
    const config =
      '{\n  // my gateway\n  "gateway": { "port": 18789 },\n  "plugins": { "entries": { "voice-call": { "enabled": false } } },\n}\n';
    writeFileSync(join(home, '.openclaw/openclaw.json'), config);
    const result = await runInstaller('openclaw', 'install', options(repo, env));
    expect(result.files.map((file) => file.file.replace(home, '~')).sort()).toEqual([
      '~/.openclaw/extensions/opencode-plusplus/index.js',
      '~/.openclaw/extensions/opencode-plusplus/openclaw.plugin.json',
      '~/.openclaw/extensions/opencode-plusplus/package.json',
      '~/.openclaw/openclaw.json',
    ]);
    const after = readFileSync(join(home, '.openclaw/openclaw.json'), 'utf8');
    expect(after).toContain('// my gateway');
    expect(parse(after).plugins.entries).toEqual({
      'voice-call': { enabled: false },
      'opencode-plusplus': { enabled: true },
    });
    expect(parse(after).gateway).toEqual({ port: 18789 });
    const plugin = await import(
      pathToFileURL(join(home, '.openclaw/extensions/opencode-plusplus/index.js')).href
    );
    const handlers = new Map<string, (event: unknown, ctx: unknown) => Promise<unknown>>();
    plugin.default.register({
      on: (name: string, handler: (event: unknown, ctx: unknown) => Promise<unknown>) =>
        handlers.set(name, handler),
    });
    expect([...handlers.keys()].sort()).toEqual([
      'after_tool_call',
      'agent_end',
      'before_reset',
      'before_tool_call',
      'message_received',
      'session_end',
    ]);
    expect(
      await handlers.get('before_tool_call')!(
        { toolName: 'exec', params: { command: 'ls' } },
        { sessionKey: 'agent:main:main', workspaceDir: repo },
      ),
    ).toBeUndefined();
    expect((await runInstaller('openclaw', 'install', options(repo, env))).files).toEqual([]);
    await runInstaller('openclaw', 'uninstall', options(repo, env));
    expect(existsSync(join(home, '.openclaw/extensions/opencode-plusplus/index.js'))).toBe(false);
    const restored = readFileSync(join(home, '.openclaw/openclaw.json'), 'utf8');
    expect(restored).toContain('// my gateway');
    expect(restored).not.toContain('opencode-plusplus');
  });
});

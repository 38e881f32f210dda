/**
 * `init` on real repositories: the config with the balanced policy and a $schema only when it
 * resolves, CLAUDE.md pointing at AGENTS.md, the MCP server and hooks for the agents named or
 * found, contracts inferred, the context built — and a second run that changes no byte.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

const PACKAGE_ROOT = resolve(import.meta.dirname, '../..');
const FILES = {
  'package.json': JSON.stringify({ name: 'shop', type: 'module', scripts: { test: 'node --test' } }),
  'src/total.ts': 'export const total = (prices: number[]) => prices.reduce((a, b) => a + b, 0);\n',
  'test/total.test.ts': "import { total } from '../src/total.js';\ntotal([1]);\n",
};

/** Path -> sha256 and mtime of every file outside .git/, the git-ignored caches included. */
function snapshot(root: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = dir ? `${dir}/${name}` : name;
      if (path === '.git') continue;
      const stats = statSync(join(root, path));
      if (stats.isDirectory()) walk(path);
      else
        hashes[path] = `${createHash('sha256')
          .update(readFileSync(join(root, path)))
          .digest('hex')} ${stats.mtimeMs}`;
    }
  };
  walk('');
  return hashes;
}

function env(root: string): NodeJS.ProcessEnv {
  return { HOME: makeTempDir('ocpp-home-'), PATH: `/nonexistent-${root.length}` };
}

describe('init --yes --agents claude,codex,opencode', () => {
  it('sets everything up, and a second run changes no byte', () => {
    const root = makeRepo(FILES);
    const first = runCli(['init', root, '--yes', '--agents', 'claude,codex,opencode'], root, env(root));
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'opencode-plusplus.config.json'), 'utf8'))).toEqual({
      policy: { evidence: 'balanced', failOn: 'required' },
    });
    expect(first.stdout).toContain('no $schema');
    expect(readFileSync(join(root, 'CLAUDE.md'), 'utf8')).toBe('@AGENTS.md\n');
    expect(readFileSync(join(root, 'AGENTS.md'), 'utf8').length).toBeGreaterThan(100);
    for (const contract of [
      'architecture.contract.json',
      'module-boundaries.json',
      'commands.contract.json',
      'test.contract.json',
      'safety.contract.json',
    ])
      expect(existsSync(join(root, '.agent-context/contracts', contract)), contract).toBe(true);
    const entry = join(PACKAGE_ROOT, 'dist/cli/main.js');
    expect(JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8')).mcpServers['opencode-plusplus']).toEqual(
      {
        type: 'stdio',
        command: entry,
        args: ['mcp', root],
      },
    );
    expect(readFileSync(join(root, '.codex/config.toml'), 'utf8')).toContain(
      '[mcp_servers.opencode-plusplus]',
    );
    expect(
      JSON.parse(readFileSync(join(root, 'opencode.json'), 'utf8')).mcp['opencode-plusplus'].command[0],
    ).toBe(entry);
    expect(
      JSON.parse(readFileSync(join(root, '.claude/settings.json'), 'utf8')).hooks.Stop[0].hooks[0].command,
    ).toBe(`${entry} hook claude`);
    expect(existsSync(join(root, '.opencode/plugins/opencode-plusplus.js'))).toBe(true);
    const before = snapshot(root);
    const second = runCli(['init', root, '--yes', '--agents', 'claude,codex,opencode'], root, env(root));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('already registered');
    expect(snapshot(root)).toEqual(before);
  });
});

describe('init and CLAUDE.md', () => {
  it("appends the import line to a CLAUDE.md without it and keeps the person's text", () => {
    const root = makeRepo({ ...FILES, 'CLAUDE.md': '# House rules\n\nUse pnpm.' });
    expect(runCli(['init', root, '--no-build'], root, env(root)).code).toBe(0);
    expect(readFileSync(join(root, 'CLAUDE.md'), 'utf8')).toBe('# House rules\n\nUse pnpm.\n\n@AGENTS.md\n');
  });

  it('leaves a CLAUDE.md that already imports AGENTS.md alone', () => {
    const text = '# Rules\n@AGENTS.md\nmore\n';
    const root = makeRepo({ ...FILES, 'CLAUDE.md': text });
    const result = JSON.parse(runCli(['init', root, '--no-build', '--json'], root, env(root)).stdout);
    expect(result.claudeMd).toBe('kept');
    expect(readFileSync(join(root, 'CLAUDE.md'), 'utf8')).toBe(text);
  });
});

describe('init and the config $schema', () => {
  it('points $schema at the installed package when it resolves there', () => {
    const root = makeRepo(FILES);
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(PACKAGE_ROOT, join(root, 'node_modules/opencode-plusplus'));
    expect(runCli(['init', root, '--no-build'], root, env(root)).code).toBe(0);
    const config = JSON.parse(readFileSync(join(root, 'opencode-plusplus.config.json'), 'utf8'));
    expect(config.$schema).toBe(
      './node_modules/opencode-plusplus/schema/opencode-plusplus.config.schema.json',
    );
    expect(existsSync(join(root, config.$schema))).toBe(true);
  });
});

describe('init without --yes', () => {
  it('finds agents by their folders and on PATH, and without a terminal registers nothing but says how', () => {
    const root = makeRepo({ ...FILES, '.claude/settings.local.json': '{}\n' });
    const bin = makeTempDir('ocpp-bin-');
    writeFileSync(join(bin, 'codex'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(bin, 'codex'), 0o755);
    const run = runCli(['init', root, '--no-build'], root, { HOME: makeTempDir(), PATH: bin });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('claude (repository): MCP server not registered (run with --yes');
    expect(run.stdout).toContain('codex (path)');
    expect(run.stdout).not.toContain('opencode (');
    expect(existsSync(join(root, '.mcp.json'))).toBe(false);
    expect(readdirSync(join(root, '.claude'))).toEqual(['settings.local.json']);
  });

  it('refuses an unknown agent with exit 2 before writing anything', () => {
    const root = makeRepo(FILES);
    const run = runCli(['init', root, '--agents', 'claude,cursor'], root, env(root));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown agent "cursor"');
    expect(existsSync(join(root, 'opencode-plusplus.config.json'))).toBe(false);
  });
});

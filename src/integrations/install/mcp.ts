/**
 * Registers `opencode-plusplus mcp <dir>` as an MCP server in each agent's own format:
 * Claude Code's `.mcp.json` (`mcpServers`, stdio), Codex's `config.toml` (`[mcp_servers.…]`),
 * OpenCode's `opencode.json` (`mcp`, local). One entry named `opencode-plusplus`, replaced in
 * place when it changed, removed by uninstall; everything else in the file stays as written.
 */
import { homedir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { pathExistsSync } from '../../shared/fs.js';
import { joinPath } from '../../shared/path.js';
import { parseConfigObject, setJsonValue } from './json-file.js';
import { argvOf, type InstallOptions } from './types.js';

export const MCP_SERVER_NAME = 'opencode-plusplus';

/** The server's program and arguments: the CLI, then `mcp <dir>`. */
export function mcpArgv(options: InstallOptions): string[] {
  return [...argvOf(options), 'mcp', options.directory];
}

const home = (env: NodeJS.ProcessEnv) => env.HOME ?? homedir();

export interface McpTarget {
  file: string;
  install(text: string | undefined): string | undefined;
  uninstall(text: string | undefined): string | undefined;
}

function jsonEntry(file: string, path: string[], value: unknown): McpTarget {
  return {
    file,
    install(text) {
      const current = valueAt(parseConfigObject(text, file), path);
      return isDeepStrictEqual(current, value) ? undefined : setJsonValue(text, path, value);
    },
    uninstall(text) {
      if (text === undefined || valueAt(parseConfigObject(text, file), path) === undefined) return undefined;
      return setJsonValue(text, path, undefined);
    },
  };
}

function valueAt(object: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = object;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

export function claudeMcp(options: InstallOptions): McpTarget {
  const [command, ...args] = mcpArgv(options);
  const file =
    options.scope === 'user'
      ? joinPath(home(options.env), '.claude.json')
      : joinPath(options.directory, '.mcp.json');
  return jsonEntry(file, ['mcpServers', MCP_SERVER_NAME], { type: 'stdio', command, args });
}

export function opencodeMcp(options: InstallOptions): McpTarget {
  const folder =
    options.scope === 'user'
      ? joinPath(options.env.XDG_CONFIG_HOME ?? joinPath(home(options.env), '.config'), 'opencode')
      : options.directory;
  const jsonc = joinPath(folder, 'opencode.jsonc');
  const file = pathExistsSync(jsonc) ? jsonc : joinPath(folder, 'opencode.json');
  return jsonEntry(file, ['mcp', MCP_SERVER_NAME], {
    type: 'local',
    command: mcpArgv(options),
    enabled: true,
  });
}

const SECTION = /^\[\s*mcp_servers\.(?:"opencode-plusplus"|opencode-plusplus)\s*\]\s*$/m;

export function codexMcp(file: string, options: InstallOptions): McpTarget {
  const [command, ...args] = mcpArgv(options);
  const section = `[mcp_servers.${MCP_SERVER_NAME}]\ncommand = ${JSON.stringify(command)}\nargs = ${JSON.stringify(args)}\n`;
  return {
    file,
    install(text) {
      const current = text ?? '';
      const found = sectionRange(current);
      if (!found)
        return `${current}${current && !current.endsWith('\n') ? '\n' : ''}${current ? '\n' : ''}${section}`;
      const next = `${current.slice(0, found.start)}${section}${current.slice(found.end)}`;
      return next === current ? undefined : next;
    },
    uninstall(text) {
      const found = text === undefined ? undefined : sectionRange(text);
      if (!text || !found) return undefined;
      return `${text.slice(0, found.start)}${text.slice(found.end)}`
        .replace(/\n{3,}/g, '\n\n')
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n');
    },
  };
}

/** Where our table starts and where the next table begins (blank lines before it kept). */
function sectionRange(text: string): { start: number; end: number } | undefined {
  const header = SECTION.exec(text);
  if (!header) return undefined;
  const afterHeader = header.index + header[0].length;
  const next = /^\[/m.exec(text.slice(afterHeader));
  const end = next ? afterHeader + next.index : text.length;
  const body = text.slice(header.index, end);
  const trimmed = body.replace(/\n\s*$/, '\n');
  return { start: header.index, end: header.index + trimmed.length };
}

/**
 * How hooks, plugins and MCP entries call this CLI. A bare `opencode-plusplus` only works when it
 * is on the PATH of the agent's shell — the first failure a new user meets — so the default is
 * what certainly exists: `npx --no-install opencode-plusplus` when the project has this package
 * installed (its own copy, found by npx without a download), else the absolute path of the CLI
 * file that is running now (executable, with a node shebang).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pathExistsSync } from '../../shared/fs.js';
import { joinPath, parentDirectory } from '../../shared/path.js';

export type CliCommandSource = 'given' | 'npx' | 'absolute';

export interface CliCommand {
  /** The program and its first arguments (`["npx", "--no-install", "opencode-plusplus"]`). */
  argv: string[];
  /** The same, as one shell command line (quoted where needed). */
  line: string;
  source: CliCommandSource;
  /** One sentence for the person: what hooks will run and why. */
  note: string;
}

/** This package's root: two folders above `integrations/install/` (in `dist/` or `src/`). */
function packageRoot(): string {
  return parentDirectory(parentDirectory(parentDirectory(parentDirectory(fileURLToPath(import.meta.url)))));
}

/** The built CLI entry point of this package. */
export function cliEntryPoint(): string {
  return joinPath(packageRoot(), 'dist', 'cli', 'main.js');
}

export function resolveCliCommand(directory: string, given?: string): CliCommand {
  if (given !== undefined && given.trim() !== '') {
    const argv = given.trim().split(/\s+/);
    return {
      argv,
      line: given.trim(),
      source: 'given',
      note: `hooks and MCP entries call \`${given.trim()}\` (--command)`,
    };
  }
  if (installedInProject(directory)) {
    const argv = ['npx', '--no-install', 'opencode-plusplus'];
    return {
      argv,
      line: argv.join(' '),
      source: 'npx',
      note: 'hooks and MCP entries call `npx --no-install opencode-plusplus`: the copy installed in this project',
    };
  }
  const entry = cliEntryPoint();
  return {
    argv: [entry],
    line: shellQuote(entry),
    source: 'absolute',
    note: `hooks and MCP entries call ${entry} by its absolute path${pathExistsSync(entry) ? '' : ' (missing: run `npm run build`)'}, so they work whatever the agent's PATH is; pass --command to choose another`,
  };
}

/** True when `<directory>/node_modules/opencode-plusplus` is this very package. */
function installedInProject(directory: string): boolean {
  const installed = joinPath(directory, 'node_modules', 'opencode-plusplus');
  if (!pathExistsSync(installed)) return false;
  try {
    return realpathSync(installed) === realpathSync(packageRoot());
  } catch {
    return false;
  }
}

/** A word for a POSIX shell: bare when safe, else single-quoted. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The installers, one per agent, as a plain map. Each plans its file changes from what is on
 * disk; `install.ts` shows them (`--dry-run`) or applies them.
 */
import { homedir } from 'node:os';
import { readTextIfExists } from '../../shared/fs.js';
import { joinPath, resolveAbsolute } from '../../shared/path.js';
import type { AgentName } from '../events.js';
import { openclawPluginFiles, opencodePluginSource, PLUGIN_MARKER } from '../plugin-sources.js';
import { installHooks, uninstallHooks } from './hooks-file.js';
import { parseConfigObject, setJsonValue } from './json-file.js';
import { argvOf, type FileChange, type Installer, type InstallOptions, type InstallPlan } from './types.js';

const CLAUDE_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SessionEnd',
];
const CODEX_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'];

const home = (env: NodeJS.ProcessEnv) => env.HOME ?? homedir();

export async function change(
  file: string,
  after: (before: string | undefined) => string | undefined,
): Promise<FileChange[]> {
  const before = await readTextIfExists(file);
  const next = after(before);
  return next === undefined || next === before ? [] : [{ file, before, after: next }];
}

function claudeSettings(options: InstallOptions): string {
  if (options.configFile) return resolveAbsolute(options.directory, options.configFile);
  if (options.scope === 'user')
    return joinPath(options.env.CLAUDE_CONFIG_DIR ?? joinPath(home(options.env), '.claude'), 'settings.json');
  return joinPath(options.directory, '.claude', 'settings.json');
}

const claude: Installer = {
  async install(options) {
    const file = claudeSettings(options);
    const command = `${options.command} hook claude`;
    return {
      changes: await change(file, (text) => installHooks(text, file, CLAUDE_EVENTS, command, 'claude')),
      warnings: [],
    };
  },
  async uninstall(options) {
    const file = claudeSettings(options);
    return { changes: await change(file, (text) => uninstallHooks(text, file, 'claude')), warnings: [] };
  },
};

export function codexHome(options: InstallOptions): string {
  if (options.scope === 'project') return joinPath(options.directory, '.codex');
  return options.env.CODEX_HOME ?? joinPath(home(options.env), '.codex');
}

const NOTIFY_LINE = /^notify\s*=.*$/m;

const codex: Installer = {
  async install(options) {
    const hooksFile = options.configFile
      ? resolveAbsolute(options.directory, options.configFile)
      : joinPath(codexHome(options), 'hooks.json');
    const command = `${options.command} hook codex`;
    const warnings: string[] = [];
    const notify = `notify = ${JSON.stringify([...argvOf(options), 'hook', 'codex', '--notify'])}`;
    const configFile = joinPath(codexHome(options), 'config.toml');
    const changes = [
      ...(await change(hooksFile, (text) => installHooks(text, hooksFile, CODEX_EVENTS, command, 'codex'))),
      ...(await change(configFile, (text) => {
        const current = topLevel(text ?? '').match(NOTIFY_LINE)?.[0];
        if (current && !current.includes('"codex"')) {
          warnings.push(
            `${configFile} already has a notify program (${current}); left as it is: Codex runs one, so the hooks alone count turns`,
          );
          return undefined;
        }
        if (current) return (text ?? '').replace(NOTIFY_LINE, notify);
        return insertTopLevel(text ?? '', notify);
      })),
    ];
    return { changes, warnings };
  },
  async uninstall(options) {
    const hooksFile = options.configFile
      ? resolveAbsolute(options.directory, options.configFile)
      : joinPath(codexHome(options), 'hooks.json');
    const configFile = joinPath(codexHome(options), 'config.toml');
    const changes = [
      ...(await change(hooksFile, (text) => uninstallHooks(text, hooksFile, 'codex'))),
      ...(await change(configFile, (text) => {
        const current = topLevel(text ?? '').match(NOTIFY_LINE)?.[0];
        return current?.includes('"hook"') && current.includes('"codex"')
          ? (text ?? '').replace(`${current}\n`, '').replace(current, '')
          : undefined;
      })),
    ];
    return { changes, warnings: [] };
  },
};

/** The part of a TOML file before its first table header: where top-level keys live. */
function topLevel(text: string): string {
  const header = /^\[/m.exec(text);
  return header ? text.slice(0, header.index) : text;
}

/** Adds a top-level key after the last top-level line (before the first table). */
function insertTopLevel(text: string, line: string): string {
  const header = /^\[/m.exec(text);
  if (!header) return `${text}${text && !text.endsWith('\n') ? '\n' : ''}${line}\n`;
  const top = text.slice(0, header.index).replace(/\s+$/, '');
  return `${top ? `${top}\n` : ''}${line}\n\n${text.slice(header.index)}`;
}

function opencodePluginFile(options: InstallOptions): string {
  if (options.scope === 'user')
    return joinPath(
      options.env.XDG_CONFIG_HOME ?? joinPath(home(options.env), '.config'),
      'opencode',
      'plugins',
      'opencode-plusplus.js',
    );
  return joinPath(options.directory, '.opencode', 'plugins', 'opencode-plusplus.js');
}

const opencode: Installer = {
  async install(options) {
    const file = opencodePluginFile(options);
    const source = opencodePluginSource([...argvOf(options), 'hook', 'opencode']);
    const warnings: string[] = [];
    const changes = await change(file, (before) => {
      if (before !== undefined && !before.includes(PLUGIN_MARKER)) {
        warnings.push(`${file} exists and is not ours; left as it is`);
        return undefined;
      }
      return source;
    });
    return { changes, warnings };
  },
  async uninstall(options) {
    return removeOurFiles([opencodePluginFile(options)]);
  },
};

function openclawState(options: InstallOptions): string {
  return options.env.OPENCLAW_STATE_DIR ?? joinPath(home(options.env), '.openclaw');
}

function openclawConfig(options: InstallOptions): string {
  if (options.configFile) return resolveAbsolute(options.directory, options.configFile);
  return options.env.OPENCLAW_CONFIG_PATH ?? joinPath(openclawState(options), 'openclaw.json');
}

const OPENCLAW_ENTRY = ['plugins', 'entries', 'opencode-plusplus'];

const openclaw: Installer = {
  async install(options) {
    const folder = joinPath(openclawState(options), 'extensions', 'opencode-plusplus');
    const files = openclawPluginFiles([...argvOf(options), 'hook', 'openclaw']);
    const changes: FileChange[] = [];
    for (const [name, content] of Object.entries(files))
      changes.push(...(await change(joinPath(folder, name), () => content)));
    const config = openclawConfig(options);
    changes.push(
      ...(await change(config, (text) => {
        const entry = parseConfigObject(text, config) as {
          plugins?: { entries?: Record<string, { enabled?: boolean }> };
        };
        if (entry.plugins?.entries?.['opencode-plusplus']?.enabled === true) return undefined;
        return setJsonValue(text, OPENCLAW_ENTRY, { enabled: true });
      })),
    );
    return {
      changes,
      warnings:
        options.scope === 'project'
          ? ['OpenClaw plugins are installed for the user (its state folder), not per project']
          : [],
    };
  },
  async uninstall(options) {
    const folder = joinPath(openclawState(options), 'extensions', 'opencode-plusplus');
    const plan = await removeOurFiles(
      Object.keys(openclawPluginFiles([])).map((name) => joinPath(folder, name)),
      'index.js',
    );
    const config = openclawConfig(options);
    plan.changes.push(
      ...(await change(config, (text) => {
        if (text === undefined) return undefined;
        const parsed = parseConfigObject(text, config) as { plugins?: { entries?: Record<string, unknown> } };
        return parsed.plugins?.entries?.['opencode-plusplus'] === undefined
          ? undefined
          : setJsonValue(text, OPENCLAW_ENTRY, undefined);
      })),
    );
    return plan;
  },
};

/** Deletes files that carry our marker (or sit beside one that does); others are left with a warning. */
async function removeOurFiles(files: string[], markedFile?: string): Promise<InstallPlan> {
  const warnings: string[] = [];
  const changes: FileChange[] = [];
  const marked = markedFile ? files.find((file) => file.endsWith(markedFile)) : undefined;
  const markerText = marked ? await readTextIfExists(marked) : undefined;
  for (const file of files) {
    const before = await readTextIfExists(file);
    if (before === undefined) continue;
    const ours = before.includes(PLUGIN_MARKER) || (markerText?.includes(PLUGIN_MARKER) ?? false);
    if (ours) changes.push({ file, before, after: undefined });
    else warnings.push(`${file} is not ours; left as it is`);
  }
  return { changes, warnings };
}

export const installers: Record<AgentName, Installer> = { claude, codex, opencode, openclaw };

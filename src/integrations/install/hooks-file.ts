/**
 * Claude Code's settings and Codex's hooks.json share one shape: `{ hooks: { Event: [ { matcher?,
 * hooks: [ { type: "command", command, timeout } ] } ] } }`. Ours are found by their command
 * (`… hook claude`), added once, updated in place when the command changed, and removed without
 * touching any other hook of the person's.
 */
import { OcppError } from '../../shared/errors.js';
import { parseConfigObject, setJsonValue } from './json-file.js';

interface CommandHook {
  type: string;
  command?: string;
  timeout?: number;
  [key: string]: unknown;
}

interface HookGroup {
  matcher?: string;
  hooks: CommandHook[];
  [key: string]: unknown;
}

type HooksSection = Record<string, HookGroup[]>;

const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure']);

export function isOurCommand(command: unknown, agent: string): boolean {
  return (
    typeof command === 'string' &&
    new RegExp(`\\bhook\\s+${agent}\\b`).test(command) &&
    /opencode-plusplus|\bocpp\b|main\.js/.test(command)
  );
}

export function installHooks(
  text: string | undefined,
  file: string,
  events: string[],
  command: string,
  agent: string,
): string | undefined {
  const hooks = hooksOf(text, file);
  let changed = false;
  for (const event of events) {
    const groups = hooks[event] ?? [];
    const ours = groups.flatMap((group) => group.hooks).find((hook) => isOurCommand(hook.command, agent));
    if (ours) {
      if (ours.command !== command) {
        ours.command = command;
        changed = true;
      }
      continue;
    }
    const entry: CommandHook = { type: 'command', command, timeout: 30 };
    hooks[event] = [
      ...groups,
      TOOL_EVENTS.has(event) ? { matcher: '*', hooks: [entry] } : { hooks: [entry] },
    ];
    changed = true;
  }
  return changed ? setJsonValue(text, ['hooks'], hooks) : undefined;
}

export function uninstallHooks(text: string | undefined, file: string, agent: string): string | undefined {
  if (text === undefined) return undefined;
  const hooks = hooksOf(text, file);
  let changed = false;
  for (const [event, groups] of Object.entries(hooks)) {
    const kept: HookGroup[] = [];
    for (const group of groups) {
      const rest = group.hooks.filter((hook) => !isOurCommand(hook.command, agent));
      if (rest.length !== group.hooks.length) changed = true;
      if (rest.length > 0 || group.hooks.length === 0) kept.push({ ...group, hooks: rest });
    }
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  if (!changed) return undefined;
  return setJsonValue(text, ['hooks'], Object.keys(hooks).length > 0 ? hooks : undefined);
}

function hooksOf(text: string | undefined, file: string): HooksSection {
  const config = parseConfigObject(text, file);
  const hooks = config.hooks ?? {};
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks))
    throw invalid(file, 'hooks', 'an object of events');
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) throw invalid(file, `hooks.${event}`, 'a list of hook groups');
    groups.forEach((group, index) => {
      if (typeof group !== 'object' || group === null || !Array.isArray((group as HookGroup).hooks))
        throw invalid(file, `hooks.${event}.${index}`, 'an object with a "hooks" list');
    });
  }
  return structuredClone(hooks) as HooksSection;
}

function invalid(file: string, key: string, expected: string): OcppError {
  return new OcppError('CONFIG_INVALID', `${key} is not ${expected}`, {
    file,
    key,
    hint: 'fix the file by hand; nothing was changed',
  });
}

/**
 * What a reflection session may do: search and read memory, file skill proposals, and write,
 * edit or patch files whose real path (symlinks resolved) is inside the workspace's
 * `.agent-context/memory/` (MEMORY.md included). Everything else is refused with a reason, and
 * whatever cannot be decided is refused too: an unresolvable path, a `..` that leaves memory, an
 * absolute path outside, a symlink pointing out, a patch without paths, a shell command that is anything but
 * one plain `opencode-plusplus memory …` call. Ordinary sessions never get here.
 */
import { realpathSync } from 'node:fs';
import { isRecord } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { isAbsolutePath, isInside, joinPath, parentDirectory, resolveAbsolute } from '../shared/path.js';

export interface ToolCall {
  /** The tool's name as the agent calls it (`Write`, `apply_patch`, `edit`, `mcp__…`). */
  tool: string;
  input: unknown;
}

export interface AllowDecision {
  allow: boolean;
  reason: string;
}

type ToolClass = 'read' | 'search' | 'write' | 'patch' | 'shell';

/** Tool names of Claude Code, Codex, OpenCode and OpenClaw, lower-cased, by what they do. */
const TOOL_CLASSES: Record<string, ToolClass> = {
  read: 'read',
  read_file: 'read',
  view: 'read',
  notebookread: 'read',
  grep: 'search',
  glob: 'search',
  list: 'search',
  ls: 'search',
  search: 'search',
  search_files: 'search',
  find: 'search',
  write: 'write',
  edit: 'write',
  multiedit: 'write',
  notebookedit: 'write',
  write_file: 'write',
  edit_file: 'write',
  create: 'write',
  str_replace: 'write',
  str_replace_based_edit_tool: 'write',
  apply_patch: 'patch',
  patch: 'patch',
  bash: 'shell',
  shell: 'shell',
  exec: 'shell',
  exec_command: 'shell',
  local_shell: 'shell',
  run_shell_command: 'shell',
  command_execution: 'shell',
};

const PATH_FIELDS = ['file_path', 'filePath', 'notebook_path', 'path', 'file', 'target_file', 'filename'];
/** The memory verbs a reflection session may run, each with how many words it takes before [dir]. */
const MEMORY_VERBS = new Map([
  ['search', 1],
  ['list', 0],
  ['show', 1],
  ['served', 0],
  ['add', 1],
]);
/** The flags of those verbs that take no value; every other flag takes the word after it. */
export const MEMORY_FLAGS_WITHOUT_VALUE: ReadonlySet<string> = new Set(['--json', '--all']);
const MEMORY_MCP = /^mcp__opencode[-_]?plusplus__memory[-_](?:search|list|show|served|add|propose)$/i;

export function decideReflectionToolCall(call: ToolCall, workspace: string): AllowDecision {
  const name = call.tool.trim();
  if (MEMORY_MCP.test(name)) return allow(`${name} is a memory tool`);
  const kind = TOOL_CLASSES[name.toLowerCase()];
  if (!kind)
    return refuse(
      `${name || 'an unnamed tool'} is not allowed in a reflection session (only reading and writing memory is)`,
    );
  const input = isRecord(call.input) ? call.input : {};
  switch (kind) {
    case 'read':
    case 'write':
      return decidePath(name, kind, pathOf(input), workspace);
    case 'search':
      return decideSearch(name, input, workspace);
    case 'patch':
      return decidePatch(name, patchText(call.input), workspace);
    case 'shell':
      return decideShell(name, commandOf(input));
  }
}

function decidePath(tool: string, kind: 'read' | 'write', raw: unknown, workspace: string): AllowDecision {
  const checked = checkMemoryPath(raw, workspace);
  if (!checked.ok) return refuse(`${tool}: ${checked.reason}`);
  return allow(`${tool} ${kind === 'read' ? 'reads' : 'writes'} ${checked.shown}, inside the memory folder`);
}

function decideSearch(tool: string, input: Record<string, unknown>, workspace: string): AllowDecision {
  const raw = pathOf(input);
  if (raw === undefined)
    return refuse(
      `${tool}: a search without a path would search the whole workspace; give path .agent-context/memory`,
    );
  const pattern = typeof input.pattern === 'string' ? input.pattern : '';
  if (tool.toLowerCase() === 'glob' && (pattern.split(/[\\/]/).includes('..') || isAbsolutePath(pattern)))
    return refuse(`${tool}: the pattern ${pattern} reaches outside the search folder`);
  return decidePath(tool, 'read', raw, workspace);
}

function decidePatch(tool: string, text: string | undefined, workspace: string): AllowDecision {
  if (!text) return refuse(`${tool}: no patch text`);
  const paths = patchPaths(text);
  if (paths.length === 0) return refuse(`${tool}: a patch without path information`);
  for (const path of paths) {
    const checked = checkMemoryPath(path, workspace);
    if (!checked.ok) return refuse(`${tool}: ${checked.reason}`);
  }
  return allow(`${tool} changes only ${paths.join(', ')}, inside the memory folder`);
}

/** Paths of an apply_patch envelope (`*** Add File: p`) or a unified diff (`+++ b/p`). */
export function patchPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const envelope = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/.exec(line);
    const unified = /^(?:---|\+\+\+) (?:[ab]\/)?([^\t]+)/.exec(line);
    const path = envelope ? (envelope[1] ?? envelope[2]) : unified?.[1];
    if (path && path.trim() !== '/dev/null') paths.add(path.trim());
  }
  return [...paths];
}

function decideShell(tool: string, command: string | undefined): AllowDecision {
  if (!command?.trim()) return refuse(`${tool}: no command`);
  if (/[;&|`$<>(){}\n\r\\*?!#~]/.test(command))
    return refuse(
      `${tool}: shell operators, substitutions, redirects and globs are not allowed in a reflection session`,
    );
  const words = splitWords(command);
  if (!words) return refuse(`${tool}: unbalanced quotes`);
  const start = words[0] === 'npx' ? 1 : 0;
  const program = words[start]?.split('/').at(-1);
  if (program !== 'opencode-plusplus' && program !== 'ocpp')
    return refuse(
      `${tool}: only "opencode-plusplus memory search|list|show|served|add" may run in a reflection session, not ${words[start] ?? 'this'}`,
    );
  const [group, verb] = [words[start + 1], words[start + 2]];
  if (group !== 'memory' || !verb || !MEMORY_VERBS.has(verb))
    return refuse(
      `${tool}: opencode-plusplus ${[group, verb].filter(Boolean).join(' ')} is not a memory search, read or add`,
    );
  const rest = words.slice(start + 3);
  if (rest.some((word) => /^(?:-C|--dir(?:=|$))/.test(word)))
    return refuse(`${tool}: -C/--dir would point memory at another folder`);
  if (freeWords(rest).length > (MEMORY_VERBS.get(verb) ?? 0))
    return refuse(`${tool}: a [dir] argument would point memory at another folder (quote the text)`);
  return allow(`${tool} runs opencode-plusplus memory ${verb}`);
}

/** The words of a command line that are neither flags nor a flag's value. */
function freeWords(words: readonly string[]): string[] {
  const free: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (!word.startsWith('-')) free.push(word);
    else if (!word.includes('=') && !MEMORY_FLAGS_WITHOUT_VALUE.has(word)) index += 1;
  }
  return free;
}

/** Words of a command with simple quoting; `undefined` when quotes do not balance. */
function splitWords(command: string): string[] | undefined {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  const stripped = command.replace(/"[^"]*"|'[^']*'/g, '');
  if (/["']/.test(stripped)) return undefined;
  for (const match of command.matchAll(pattern)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

type PathCheck = { ok: true; real: string; shown: string } | { ok: false; reason: string };

/** Is `raw` (relative to the workspace, or absolute) really inside the workspace's memory folder? */
export function checkMemoryPath(raw: unknown, workspace: string): PathCheck {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: 'no path given' };
  if (raw.includes('\0')) return { ok: false, reason: 'a path with a NUL byte' };
  const workspaceReal = existingRealPath(workspace);
  if (!workspaceReal) return { ok: false, reason: `the workspace ${workspace} cannot be resolved` };
  const memoryReal = realPath(joinPath(workspaceReal, ...layout.memory.split('/')));
  if (!memoryReal || !isInside(workspaceReal, memoryReal))
    return { ok: false, reason: 'the memory folder resolves outside the workspace (a symlink pointing out)' };
  const target = realPath(isAbsolutePath(raw) ? raw : `${workspaceReal}/${raw}`);
  if (!target) return { ok: false, reason: `${raw} cannot be resolved` };
  if (!isInside(memoryReal, target))
    return {
      ok: false,
      reason: `${raw} is outside ${layout.memory}/ (resolved to ${target}); reflection sessions may only write memory`,
    };
  return { ok: true, real: target, shown: raw };
}

/**
 * The real path of a file that may not exist yet, resolved the way the system opens it: segment by
 * segment, each existing prefix through its symlinks before a `..` climbs from it (so `link/..` is
 * the link target's parent, never a lexical shortcut), the missing rest appended. `undefined` when
 * something on the way cannot be resolved (a loop, no access).
 */
function realPath(path: string): string | undefined {
  const segments = path.split(/[\\/]+/);
  let current = resolveAbsolute(segments[0] === '' ? '/' : `${segments[0]}/`);
  let existing = true;
  for (const segment of segments.slice(1)) {
    if (segment === '' || segment === '.') continue;
    current = segment === '..' ? parentDirectory(current) : joinPath(current, segment);
    if (!existing) continue;
    try {
      current = realpathSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
      existing = false;
    }
  }
  return current;
}

function existingRealPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function pathOf(input: Record<string, unknown>): unknown {
  const field = PATH_FIELDS.find((name) => input[name] !== undefined);
  return field ? input[field] : undefined;
}

function patchText(input: unknown): string | undefined {
  if (typeof input === 'string') return input;
  if (!isRecord(input)) return undefined;
  for (const field of ['patch', 'patchText', 'patch_text', 'input', 'content'])
    if (typeof input[field] === 'string') return input[field] as string;
  if (
    Array.isArray(input.command) &&
    input.command[0] === 'apply_patch' &&
    typeof input.command[1] === 'string'
  )
    return input.command[1];
  return undefined;
}

function commandOf(input: Record<string, unknown>): string | undefined {
  const value = input.command ?? input.cmd;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((part) => typeof part === 'string')) {
    const [shell, flag, script] = value as string[];
    // Codex runs ["bash", "-lc", "<script>"]: the script is the command.
    if (value.length === 3 && /(?:^|\/)(?:ba|z)?sh$/.test(shell!) && flag!.startsWith('-')) return script;
    return (value as string[]).map((part) => (/[\s"']/.test(part) ? `"${part}"` : part)).join(' ');
  }
  return undefined;
}

function allow(reason: string): AllowDecision {
  return { allow: true, reason };
}

function refuse(reason: string): AllowDecision {
  return { allow: false, reason: `refused in a reflection session: ${reason}` };
}

/** Commands an agent ran or says to run: npm scripts and Make targets that do not exist. */
import { findingId } from '../types.js';
import type { CheckSink } from './input.js';
import { nearestWord } from './nearest.js';
import { readRepositoryFile } from './read.js';

/** Shell-like command lines found in code spans, fenced blocks and `$ ` lines, split at `&&`, `;` and `|`. */
export function commandsIn(text: string): string[] {
  const spans = [...text.matchAll(/```[a-z]*\n([\s\S]*?)```|`([^`\n]+)`|^\s*\$ (.+)$/gm)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
  const prose = [...text.matchAll(/\b((?:npm|pnpm|yarn|bun) run [\w:.-]+)/g)].map((match) => match[1]!);
  return [...spans.flatMap((span) => span.split(/\n|&&|\|\||;|\|/)), ...prose]
    .map((part) => part.trim())
    .filter(Boolean);
}

const PACKAGE_MANAGER_COMMANDS = new Set([
  'install',
  'ci',
  'i',
  'add',
  'remove',
  'rm',
  'exec',
  'dlx',
  'x',
  'init',
  'publish',
  'pack',
  'link',
  'audit',
  'outdated',
  'update',
  'upgrade',
  'why',
  'ls',
  'list',
  'config',
  'create',
  'view',
  'info',
  'version',
  'help',
  'cache',
  'rebuild',
  'prune',
  'dedupe',
  'workspace',
  'workspaces',
  'login',
  'logout',
  'whoami',
  'set',
  'up',
  'uninstall',
  'start',
]);

/** The package.json script a command line runs, when it runs one. */
export function scriptOf(command: string): string | undefined {
  const explicit = /^(?:npm|pnpm|yarn|bun)\s+(?:run|run-script)\s+([\w:.-]+)/.exec(command);
  if (explicit) return explicit[1];
  const npmLifecycle = /^npm\s+(test|t|stop|restart)(?:\s|$)/.exec(command);
  if (npmLifecycle) return npmLifecycle[1] === 't' ? 'test' : npmLifecycle[1];
  const implicit = /^(?:pnpm|yarn|bun)\s+([\w:.-]+)/.exec(command);
  if (implicit && !PACKAGE_MANAGER_COMMANDS.has(implicit[1]!)) return implicit[1];
  return undefined;
}

/** What the repository can run: package.json scripts and Make targets (undefined without the file). */
export interface Runnables {
  scripts: Map<string, string> | undefined;
  targets: Set<string> | undefined;
}

export function readRunnables(root: string): Runnables {
  return { scripts: readScripts(root), targets: readMakeTargets(root) };
}

export function checkCommand(command: string, where: string, runnables: Runnables, sink: CheckSink): void {
  const { scripts, targets } = runnables;
  const script = scriptOf(command);
  if (script !== undefined && scripts) {
    sink.checked.commands++;
    if (scripts.has(script)) return;
    const near = nearestWord(script, new Set(scripts.keys()));
    sink.findings.push({
      id: findingId('hallucination', 'missing-script', where, script),
      guard: 'hallucination',
      rule: 'missing-script',
      severity: 'warn',
      message: `\`${command}\` (${where}) runs the script "${script}", which package.json does not define${near ? ` (did you mean ${near}?)` : ''}`,
      file: 'package.json',
      evidence: [`package.json scripts: ${[...scripts.keys()].sort().join(', ') || '(none)'}`],
      requiredAction: 'human-review',
    });
    return;
  }
  const make = /^make(?:\s+-\S+)*\s+([A-Za-z0-9][\w.-]*)/.exec(command);
  if (make && targets) {
    sink.checked.commands++;
    if (targets.has(make[1]!)) return;
    const near = nearestWord(make[1]!, targets);
    sink.findings.push({
      id: findingId('hallucination', 'missing-make-target', where, make[1]!),
      guard: 'hallucination',
      rule: 'missing-make-target',
      severity: 'warn',
      message: `\`${command}\` (${where}) needs the Make target "${make[1]}", which the Makefile does not define${near ? ` (did you mean ${near}?)` : ''}`,
      file: 'Makefile',
      evidence: [`Makefile targets: ${[...targets].sort().join(', ')}`],
      requiredAction: 'human-review',
    });
  }
}

function readScripts(root: string): Map<string, string> | undefined {
  const text = readRepositoryFile(root, 'package.json');
  if (text === undefined) return undefined;
  try {
    const manifest = JSON.parse(text) as { scripts?: Record<string, string> };
    return new Map(Object.entries(manifest.scripts ?? {}));
  } catch {
    // A package.json that does not parse defines no script we can check against.
    return undefined;
  }
}

function readMakeTargets(root: string): Set<string> | undefined {
  for (const name of ['Makefile', 'makefile', 'GNUmakefile']) {
    const text = readRepositoryFile(root, name);
    if (text !== undefined)
      return new Set([...text.matchAll(/^([A-Za-z0-9][\w.-]*)\s*:(?!=)/gm)].map((match) => match[1]!));
  }
  return undefined;
}

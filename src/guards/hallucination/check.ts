/**
 * The hallucination guard: what a change or an agent's messages rely on that the repository does
 * not have — packages nobody declared, files that are not there, names a module does not export,
 * scripts and Make targets that do not exist, config keys no schema knows. Every finding cites
 * the evidence it was checked against. When the evidence is missing (no manifest, a module that
 * did not parse), the guard stays silent rather than guess: false positives teach agents to
 * ignore it.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { DependencyGraph } from '../../graph/types.js';
import type { IndexedFile } from '../../index/types.js';
import { absolutePath, baseName } from '../../shared/path.js';
import type { Trace } from '../../trace/types.js';
import { findingId, type GuardFinding, type GuardReport } from '../types.js';
import { DEPENDENCY_MANIFEST, hasManifest, isDeclared, readDeclaredDependencies } from './dependencies.js';
import { TSCONFIG_COMPILER_OPTIONS } from './tsconfig-options.js';

export interface HallucinationInput {
  root: string;
  files: readonly IndexedFile[];
  graph: DependencyGraph;
  /** Every file in the tree (indexed or not): what "exists" means. */
  allFiles: ReadonlySet<string>;
  /** Files the change added or modified (deleted ones are not checked). */
  changedFiles: readonly string[];
  /** What the agent said it did (its final message, a transcript excerpt). */
  messages?: string;
  trace?: Trace;
  /** Validates our own config text; returns problems as `key: message`. */
  validateOwnConfig?: (text: string) => string[];
}

export function checkHallucinations(input: HallucinationInput): GuardReport {
  const findings: GuardFinding[] = [];
  const checked: Record<string, number> = { imports: 0, names: 0, commands: 0, files: 0, configKeys: 0 };
  const byPath = new Map(input.files.map((file) => [file.path, file]));
  const changed = input.changedFiles.filter((path) => input.allFiles.has(path));
  const declared = readDeclaredDependencies(
    input.root,
    [...input.allFiles].filter((path) => DEPENDENCY_MANIFEST.test(path)),
  );
  for (const path of changed) {
    checkImports(path, input, declared, findings, checked);
    checkImportedNames(path, byPath, input.graph, findings, checked);
    checkConfigKeys(path, input, findings, checked);
  }
  const scripts = readScripts(input.root);
  const targets = readMakeTargets(input.root);
  if (input.messages) checkMessages(input.messages, input, scripts, targets, findings, checked);
  if (input.trace) checkTrace(input.trace, input, scripts, targets, findings, checked);
  return { guard: 'hallucination', findings: dedupe(findings), checked };
}

// ------------------------------------------------------------ imports

function checkImports(
  path: string,
  input: HallucinationInput,
  declared: ReturnType<typeof readDeclaredDependencies>,
  findings: GuardFinding[],
  checked: Record<string, number>,
): void {
  for (const edge of input.graph.edges) {
    if (edge.from !== path || !edge.external) continue;
    const [ecosystem, ...rest] = edge.to.split(':');
    const name = rest.join(':');
    if (ecosystem === 'builtin' || ecosystem === 'url' || !ecosystem) continue;
    checked.imports!++;
    if (!hasManifest(declared, ecosystem)) continue;
    if (isDeclared(declared, ecosystem, name, path)) continue;
    findings.push({
      id: findingId('hallucination', 'undeclared-package', path, name),
      guard: 'hallucination',
      rule: 'undeclared-package',
      severity: 'block',
      message: `imports "${edge.specifier}", but no dependency manifest governing ${path} declares ${name}`,
      file: path,
      line: edge.line,
      evidence: [...declared.byManifest.entries()]
        .filter(([, entry]) => entry.ecosystem === ecosystem)
        .map(
          ([manifest, entry]) => `${manifest}: ${entry.names.size} declared name(s), ${name} not among them`,
        ),
      requiredAction: 'repair',
    });
  }
  for (const entry of input.graph.unresolved) {
    if (entry.from !== path || entry.reason !== 'not-found') continue;
    checked.imports!++;
    const near = nearestFile(entry.specifier, input.allFiles);
    findings.push({
      id: findingId('hallucination', 'missing-module', path, entry.specifier),
      guard: 'hallucination',
      rule: 'missing-module',
      severity: 'block',
      message: `imports "${entry.specifier}", which resolves to no file in the repository${near ? ` (did you mean ${near}?)` : ''}`,
      file: path,
      line: entry.line,
      evidence: [`resolution: ${entry.detail ?? 'no file matches'}`],
      requiredAction: 'repair',
    });
  }
}

// ------------------------------------------------------------ imported names

function checkImportedNames(
  path: string,
  byPath: Map<string, IndexedFile>,
  graph: DependencyGraph,
  findings: GuardFinding[],
  checked: Record<string, number>,
): void {
  const file = byPath.get(path);
  if (!file || !isScript(file)) return;
  for (const fact of file.imports) {
    if (fact.kind !== 'static' && fact.kind !== 'reexport') continue;
    const edge = graph.edges.find(
      (candidate) =>
        candidate.from === path &&
        !candidate.external &&
        candidate.line === fact.line &&
        candidate.specifier === fact.specifier,
    );
    const target = edge ? byPath.get(edge.to) : undefined;
    if (!target || !isScript(target) || target.confidence !== 'parsed') continue;
    const exported = exportedNames(target, byPath, graph);
    if (!exported) continue;
    for (const name of fact.names) {
      if (name === '*') continue;
      checked.names!++;
      if (exported.has(name)) continue;
      if (name === 'default' && !exported.has('default') && exported.size === 0) continue;
      findings.push({
        id: findingId('hallucination', 'missing-export', path, `${target.path}#${name}`),
        guard: 'hallucination',
        rule: 'missing-export',
        severity: 'block',
        message: `imports ${name === 'default' ? 'a default export' : `"${name}"`} from ${target.path}, which does not export it`,
        file: path,
        line: fact.line,
        evidence: [`${target.path} exports: ${[...exported].sort().slice(0, 30).join(', ') || '(nothing)'}`],
        requiredAction: 'repair',
      });
    }
  }
}

function isScript(file: IndexedFile): boolean {
  return file.language === 'typescript' || file.language === 'javascript';
}

/** Names a module exports, following `export * from`; undefined when that cannot be known for sure. */
function exportedNames(
  file: IndexedFile,
  byPath: Map<string, IndexedFile>,
  graph: DependencyGraph,
  seen = new Set<string>(),
): Set<string> | undefined {
  if (seen.has(file.path)) return new Set();
  seen.add(file.path);
  const names = new Set<string>();
  for (const entry of file.exports) {
    if (entry.name !== '*') {
      names.add(entry.name);
      continue;
    }
    if (!entry.from) return undefined;
    const edge = graph.edges.find(
      (candidate) =>
        candidate.from === file.path && candidate.specifier === entry.from && !candidate.external,
    );
    const target = edge ? byPath.get(edge.to) : undefined;
    if (target?.confidence !== 'parsed') return undefined;
    const inner = exportedNames(target, byPath, graph, seen);
    if (!inner) return undefined;
    for (const name of inner) if (name !== 'default') names.add(name);
  }
  // A CommonJS module assigning a value (not an object literal) to module.exports has unknown names.
  if (file.imports.some((fact) => fact.kind === 'require') && names.size === 1 && names.has('default'))
    return undefined;
  return names;
}

// ------------------------------------------------------------ config keys

function checkConfigKeys(
  path: string,
  input: HallucinationInput,
  findings: GuardFinding[],
  checked: Record<string, number>,
): void {
  const name = baseName(path);
  const isTsconfig = /^(tsconfig|jsconfig)[^/]*\.json$/.test(name);
  const isOwn = /^opencode-plusplus\.config\.jsonc?$/.test(name);
  if (!isTsconfig && !isOwn) return;
  let text: string;
  try {
    text = readFileSync(absolutePath(input.root, path), 'utf8');
  } catch {
    return;
  }
  if (isOwn && input.validateOwnConfig) {
    for (const problem of input.validateOwnConfig(text)) {
      checked.configKeys!++;
      findings.push({
        id: findingId('hallucination', 'unknown-config-key', path, problem),
        guard: 'hallucination',
        rule: 'unknown-config-key',
        severity: 'block',
        message: problem,
        file: path,
        evidence: ['schema/opencode-plusplus.config.schema.json'],
        requiredAction: 'repair',
      });
    }
    return;
  }
  const options = compilerOptionsOf(text);
  if (!options) return;
  for (const [key, line] of options) {
    checked.configKeys!++;
    if (TSCONFIG_COMPILER_OPTIONS.has(key)) continue;
    const near = nearestWord(key, TSCONFIG_COMPILER_OPTIONS);
    findings.push({
      id: findingId('hallucination', 'unknown-config-key', path, `compilerOptions.${key}`),
      guard: 'hallucination',
      rule: 'unknown-config-key',
      severity: 'block',
      message: `compilerOptions.${key} is not a TypeScript compiler option${near ? ` (did you mean ${near}?)` : ''}`,
      file: path,
      line,
      evidence: [`the ${TSCONFIG_COMPILER_OPTIONS.size} compiler options TypeScript knows`],
      requiredAction: 'repair',
    });
  }
}

/** Keys of `compilerOptions` with their lines (tsconfig is JSONC: comments and trailing commas allowed). */
function compilerOptionsOf(text: string): Array<[string, number]> | undefined {
  const start = text.search(/"compilerOptions"\s*:\s*\{/);
  if (start === -1) return undefined;
  const open = text.indexOf('{', start);
  const keys: Array<[string, number]> = [];
  let depth = 0;
  let position = open;
  for (; position < text.length; position++) {
    const char = text[position];
    if (char === '"') {
      const end = text.indexOf('"', position + 1);
      if (end === -1) return undefined;
      if (depth === 1 && /^\s*:/.test(text.slice(end + 1, end + 3)))
        keys.push([text.slice(position + 1, end), text.slice(0, position).split('\n').length]);
      position = end;
    } else if (char === '/' && text[position + 1] === '/') position = text.indexOf('\n', position);
    else if (char === '/' && text[position + 1] === '*') position = text.indexOf('*/', position) + 1;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) break;
    }
    if (position < 0) return undefined;
  }
  return keys;
}

// ------------------------------------------------------------ messages and traces

const EDIT_VERBS =
  /\b(edited|updated|modified|changed|created|added|wrote|written|fixed|refactored|touched|patched|implemented (?:it )?in|rewrote)\b/i;
const PATH_TOKEN =
  /`([^`\s]+)`|(?<![\w./-])((?:[\w.-]+\/)+[\w.-]+\.[A-Za-z0-9]{1,8}|[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|json|md|yml|yaml|toml|css|html|sql))(?![\w/])/g;

function checkMessages(
  messages: string,
  input: HallucinationInput,
  scripts: Map<string, string> | undefined,
  targets: Set<string> | undefined,
  findings: GuardFinding[],
  checked: Record<string, number>,
): void {
  for (const command of commandsIn(messages))
    checkCommand(command, 'messages', scripts, targets, findings, checked);
  for (const sentence of messages.split(/(?<=[.!?\n])\s+/)) {
    if (!EDIT_VERBS.test(sentence)) continue;
    for (const match of sentence.matchAll(PATH_TOKEN)) {
      const path = (match[1] ?? match[2] ?? '')
        .replace(/^\.\//, '')
        .replace(/[:,;]+$/, '')
        .replace(/:\d+(:\d+)?$/, '');
      if (!looksLikePath(path)) continue;
      const finding = missingFile(input, path, 'messages', `the agent says it changed ${path}`, [
        `"${sentence.trim().slice(0, 160)}"`,
        `${input.allFiles.size} files in the tree`,
      ]);
      checked.files!++;
      if (finding) findings.push(finding);
    }
  }
}

function checkTrace(
  trace: Trace,
  input: HallucinationInput,
  scripts: Map<string, string> | undefined,
  targets: Set<string> | undefined,
  findings: GuardFinding[],
  checked: Record<string, number>,
): void {
  for (const step of trace.steps) {
    if (step.kind === 'command')
      checkCommand(
        step.command.join(' '),
        `trace ${trace.id} ${step.id}`,
        scripts,
        targets,
        findings,
        checked,
      );
    if (step.kind === 'edit') {
      for (const path of step.files) {
        const finding = missingFile(
          input,
          path,
          `trace:${trace.id}`,
          `${step.id} records an edit of ${path}`,
          [`trace ${trace.id} ${step.id}: ${step.message ?? ''}`.trim()],
        );
        checked.files!++;
        if (finding) findings.push(finding);
      }
    }
  }
}

/** A claim about a file that is not in the tree, with the likely intended one; undefined when it exists. */
function missingFile(
  input: HallucinationInput,
  path: string,
  where: string,
  claim: string,
  evidence: string[],
): GuardFinding | undefined {
  if (input.allFiles.has(path) || existsSync(absolutePath(input.root, path))) return undefined;
  const near = nearestFile(path, input.allFiles);
  return {
    id: findingId('hallucination', 'missing-file', where, path),
    guard: 'hallucination',
    rule: 'missing-file',
    severity: 'warn',
    message: `${claim}, which does not exist${near ? ` (did you mean ${near}?)` : ''}`,
    evidence,
    requiredAction: 'human-review',
  };
}

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

function checkCommand(
  command: string,
  where: string,
  scripts: Map<string, string> | undefined,
  targets: Set<string> | undefined,
  findings: GuardFinding[],
  checked: Record<string, number>,
): void {
  const script = scriptOf(command);
  if (script !== undefined && scripts) {
    checked.commands!++;
    if (scripts.has(script)) return;
    const near = nearestWord(script, new Set(scripts.keys()));
    findings.push({
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
    checked.commands!++;
    if (targets.has(make[1]!)) return;
    const near = nearestWord(make[1]!, targets);
    findings.push({
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
  try {
    const manifest = JSON.parse(readFileSync(absolutePath(root, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    return new Map(Object.entries(manifest.scripts ?? {}));
  } catch {
    return undefined;
  }
}

function readMakeTargets(root: string): Set<string> | undefined {
  for (const name of ['Makefile', 'makefile', 'GNUmakefile']) {
    try {
      const text = readFileSync(absolutePath(root, name), 'utf8');
      return new Set([...text.matchAll(/^([A-Za-z0-9][\w.-]*)\s*:(?!=)/gm)].map((match) => match[1]!));
    } catch {
      // try the next name
    }
  }
  return undefined;
}

// ------------------------------------------------------------ helpers

function looksLikePath(token: string): boolean {
  if (
    !token ||
    token.length > 200 ||
    /^[a-z]+:\/\//i.test(token) ||
    token.startsWith('@') ||
    token.includes('*')
  )
    return false;
  if (/^\d+(\.\d+)+$/.test(token)) return false;
  return (
    /\.[A-Za-z0-9]{1,8}$/.test(token) &&
    (/\//.test(token) ||
      /^[\w-]+\.(ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|json|md|yml|yaml|toml|css|html|sql)$/.test(token))
  );
}

function nearestFile(reference: string, files: ReadonlySet<string>): string | undefined {
  const wanted = baseName(reference).replace(/\.[^.]+$/, '');
  if (wanted.length < 3) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const file of files) {
    const stem = baseName(file).replace(/\.[^.]+$/, '');
    if (Math.abs(stem.length - wanted.length) > 2) continue;
    const distance = editDistance(stem, wanted);
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && file < best)) {
      best = file;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(wanted.length / 4)) ? best : undefined;
}

function nearestWord(word: string, words: ReadonlySet<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of [...words].sort()) {
    const distance = editDistance(candidate.toLowerCase(), word.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 4)) ? best : undefined;
}

/** Edit distance where swapping two neighbouring characters counts as one edit (the commonest typo). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

function dedupe(findings: GuardFinding[]): GuardFinding[] {
  const seen = new Map<string, GuardFinding>();
  for (const finding of findings) if (!seen.has(finding.id)) seen.set(finding.id, finding);
  return [...seen.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Python names a change removed from a module that other modules still take from it. A name is
 * gone when the module bound it before the change (a top-level definition, an imported name or
 * an export) and binds
 * it no more in any way we can see: not a top-level symbol, not an imported name, not in any
 * binding-shaped line of its text (a nested `def`, `x = `, `as x`, a `for` target, `global x`),
 * and the module has no `from … import *`, no module-level `__getattr__` and no `globals()` or
 * `exec` that could bind anything. A package's name that is also its submodule is never gone
 * (`from pkg import sub` imports the submodule). When unsure, a name is not gone: a false block
 * teaches agents to ignore the gate.
 */
import type { ImportFact, IndexedFile } from '../../index/types.js';
import { directoryOf } from '../../shared/path.js';
import { escapeRegex } from '../../shared/regex.js';
import type { BeforeFacts, HallucinationInput } from './input.js';
import { blanked, lineAt, memberReads, type RemovedNameUse } from './name-use.js';
import { readRepositoryFile } from './read.js';

/** The names `path` bound before the change and binds no more (sorted; empty when unsure). */
export function goneFromPythonModule(
  path: string,
  before: BeforeFacts,
  after: IndexedFile,
  input: HallucinationInput,
): string[] {
  if (after.confidence !== 'parsed' || before.confidence !== 'parsed') return [];
  const text = readRepositoryFile(input.root, path);
  if (text === undefined || bindsAnyName(text)) return [];
  const was = new Set(before.exports.map((entry) => entry.name));
  for (const symbol of before.symbols ?? []) if (!symbol.container) was.add(symbol.name);
  // A name the module imported at run time is one its importers may take (`pkg/__init__.py`'s
  // `from .core import Thing`): dropping that import breaks `from pkg import Thing`.
  for (const fact of before.imports ?? [])
    if (fact.kind === 'static' && !fact.typeOnly) for (const name of fact.names) was.add(name);
  const now = boundNames(after);
  return [...was]
    .filter((name) => /^\w+$/.test(name) && !now.has(name) && !boundInText(text, name))
    .filter((name) => !isSubmodule(path, name, input.allFiles))
    .sort();
}

/** A module that can bind names we cannot see: a star import, a module `__getattr__`, `globals()`, `exec`. */
function bindsAnyName(text: string): boolean {
  return (
    /^[ \t]*from[ \t]+\S+[ \t]+import[ \t(]*\*/m.test(text) ||
    /^(?:async[ \t]+)?def[ \t]+__getattr__\b|^__getattr__[ \t]*=/m.test(text) ||
    /\b(?:globals|vars|locals)\(\s*\)|\bexec\(|\bsys\.modules\[|\bsetattr\(/.test(text)
  );
}

/** Top-level symbols, every imported name (aliases are read off the text) and `import a.b`'s `a`. */
function boundNames(after: IndexedFile): Set<string> {
  const names = new Set<string>();
  for (const symbol of after.symbols) if (!symbol.container) names.add(symbol.name);
  for (const fact of after.imports) {
    for (const name of fact.names) names.add(name);
    names.add(fact.specifier.split('.')[0]!);
  }
  return names;
}

/** Any line that could bind `name` at any depth (conservative: a nested binding counts). */
function boundInText(text: string, name: string): boolean {
  const word = escapeRegex(name);
  const shapes = [
    `^[ \\t]*(?:async[ \\t]+)?def[ \\t]+${word}\\b`,
    `^[ \\t]*(?:class|type)[ \\t]+${word}\\b`,
    `\\bas[ \\t]+${word}\\b`,
    `\\b${word}[ \\t]*:=`,
    `^[ \\t]*import[ \\t][^#\\n]*(?<![\\w.])${word}\\b`,
    `^[ \\t]*(?:async[ \\t]+)?for[ \\t][^#\\n]*\\b${word}\\b[^#\\n]*[ \\t]in\\b`,
    `^[ \\t]*(?:global|nonlocal)[ \\t][^#\\n]*\\b${word}\\b`,
    `^[ \\t]*${word}[ \\t]*:`,
  ];
  if (shapes.some((shape) => new RegExp(shape, 'm').test(text))) return true;
  // An assignment's targets: `name = `, `a, name = `, `name += ` (conservatively, `x[name] = ` too);
  // `name[key] = ` and `name.attr = ` only use it.
  const target = new RegExp(`(?<![\\w.])${word}(?![\\w.[(])`);
  for (const match of text.matchAll(
    /^[ \t]*([\w.,*()[\] \t]+?)[ \t]*(?::[^=\n]*)?(?:[-+*/%&|^@]|\/\/|\*\*|<<|>>)?=(?!=)/gm,
  ))
    if (target.test(match[1]!)) return true;
  return false;
}

/** `pkg/__init__.py`'s `name` is also the submodule `pkg/name.py` or the package `pkg/name/`. */
function isSubmodule(path: string, name: string, allFiles: ReadonlySet<string>): boolean {
  if (!/(^|\/)__init__\.pyi?$/.test(path)) return false;
  const directory = directoryOf(path);
  const stem = directory ? `${directory}/${name}` : name;
  if (allFiles.has(`${stem}.py`) || allFiles.has(`${stem}.pyi`)) return true;
  for (const file of allFiles) if (file.startsWith(`${stem}/`)) return true;
  return false;
}

const NOISE = /"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#[^\n]*/g;

/**
 * Where the Python file `path` still uses a removed name: `from mod import gone` (the import's
 * edge targets the module that lost it), and `binding.gone` where the binding is the whole module
 * (`import pkg.mod as binding`, `import pkg.mod` used as `pkg.mod.gone`, `from pkg import mod`).
 */
export function pythonRemovedNameUses(
  path: string,
  file: IndexedFile,
  input: Pick<HallucinationInput, 'root' | 'graph'>,
  removed: ReadonlyMap<string, string[]>,
): RemovedNameUse[] {
  const uses: RemovedNameUse[] = [];
  let text: string | undefined;
  let code: string | undefined;
  const outgoing = input.graph.edges.filter((edge) => edge.from === path && !edge.external);
  for (const fact of file.imports) {
    if (fact.kind !== 'static') continue;
    for (const edge of outgoing) {
      if (edge.line !== fact.line || edge.specifier !== fact.specifier) continue;
      const gone = removed.get(edge.to);
      if (!gone) continue;
      text ??= readRepositoryFile(input.root, path) ?? '';
      code ??= blanked(text, NOISE);
      const fromImport = isFromImport(text, fact);
      const bindings = moduleBindings(text, fact, fromImport, edge.to);
      // `from pkg import sub`: the edge to the submodule carries its members, not names of its own.
      if (fromImport && bindings.length === 0)
        for (const name of fact.names)
          if (gone.includes(name))
            uses.push({ module: edge.to, name, line: fact.line, how: 'a from-import' });
      for (const binding of bindings)
        for (const use of memberUses(code, binding, gone)) uses.push({ module: edge.to, ...use });
    }
  }
  return uses;
}

function isFromImport(text: string, fact: ImportFact): boolean {
  return /^[ \t]*from\b/.test(statementText(text, fact.line));
}

/** The import statement starting on `line`: up to its closing parenthesis, else to the end of the line. */
function statementText(text: string, line: number): string {
  let start = 0;
  for (let at = 1; at < line && start !== -1; at++) start = text.indexOf('\n', start) + 1 || -1;
  if (start === -1) return '';
  const end = text.indexOf('\n', start);
  const first = text.slice(start, end === -1 ? undefined : end);
  if (!/import[ \t]*\(/.test(first)) return first;
  const close = text.indexOf(')', start);
  return text.slice(start, close === -1 ? undefined : close + 1);
}

/** The local names (or dotted paths) by which the import binds the module file `target` whole. */
function moduleBindings(text: string, fact: ImportFact, fromImport: boolean, target: string): string[] {
  const statement = statementText(text, fact.line);
  const aliasOf = (name: string) =>
    new RegExp(`(?<![\\w.])${escapeRegex(name)}[ \\t]+as[ \\t]+(\\w+)`).exec(statement)?.[1];
  if (!fromImport) return [aliasOf(fact.specifier) ?? fact.specifier];
  const stem = target.replace(/(\/__init__)?\.pyi?$/, '');
  return fact.names
    .filter((name) => stem === name || stem.endsWith(`/${name}`))
    .map((name) => aliasOf(name) ?? name);
}

function memberUses(
  code: string,
  binding: string,
  gone: readonly string[],
): Omit<RemovedNameUse, 'module'>[] {
  const uses: Omit<RemovedNameUse, 'module'>[] = [];
  for (const { name, index } of memberReads(code, binding))
    if (gone.includes(name) && !uses.some((use) => use.name === name))
      uses.push({ name, line: lineAt(code, index), how: `as ${binding}.${name}` });
  return uses;
}

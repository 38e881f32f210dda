/**
 * Names the change removed from a module that its importers still use. A module's names are
 * compared before and after the change (the base text parsed like any other file), so only a
 * name that was really there and is gone counts. JavaScript and TypeScript here: uses through a
 * binding (`const m = require('./x'); m.gone`, `import * as m from './x'`, a default import of a
 * CommonJS module), through `require('./x').gone`, or as a named import or destructured key.
 * Python (`removed-python.ts`), Go (`removed-go.ts`) and Rust (`removed-rust.ts`) have their
 * own rules of what binds a name; every language reports its uses the same way. A module whose names cannot be known
 * before or after (it did not parse, it re-exports a module we cannot see) is left alone.
 */

import type { IndexedFile } from '../../index/types.js';
import { escapeRegex } from '../../shared/regex.js';
import { findingId } from '../types.js';
import { destructuredNames } from './exported-names.js';
import { type CheckSink, type HallucinationInput, isScript } from './input.js';
import { lineAt, type NameUse, type RemovedNameUse } from './name-use.js';
import { readRepositoryFile } from './read.js';
import { goneFromGoPackages, goRemovedNameUses } from './removed-go.js';
import { goneFromPythonModule, pythonRemovedNameUses } from './removed-python.js';
import { goneFromRustModule, rustRemovedNameUses } from './removed-rust.js';

/** The languages whose module files have their own rule of what binds a name (Go's is per package). */
const MODULE_RULES: Record<string, typeof goneFromPythonModule | undefined> = {
  python: goneFromPythonModule,
  rust: goneFromRustModule,
};

/** Per changed module, the names it exported before the change and no longer does. */
export function removedExportsOf(
  input: HallucinationInput,
  byPath: ReadonlyMap<string, IndexedFile>,
): Map<string, string[]> {
  const removed = goneFromGoPackages(input, byPath);
  for (const [path, before] of input.before ?? []) {
    const after = byPath.get(path);
    const ownRules = after && MODULE_RULES[after.language];
    if (ownRules) {
      const gone = ownRules(path, before, after, input);
      if (gone.length > 0) removed.set(path, gone);
      continue;
    }
    if (!after || !isScript(after) || after.confidence !== 'parsed' || before.confidence !== 'parsed')
      continue;
    if (hasStarExport(before) || hasStarExport(after)) continue;
    const now = new Set(after.exports.map((entry) => entry.name));
    const gone = [...new Set(before.exports.map((entry) => entry.name))]
      .filter((name) => name !== 'default' && !now.has(name))
      .sort();
    if (gone.length > 0) removed.set(path, gone);
  }
  return removed;
}

function hasStarExport(file: Pick<IndexedFile, 'exports'>): boolean {
  return file.exports.some((entry) => entry.name === '*');
}

export function checkRemovedExportUses(
  path: string,
  input: HallucinationInput,
  byPath: ReadonlyMap<string, IndexedFile>,
  removed: ReadonlyMap<string, string[]>,
  sink: CheckSink,
): void {
  const file = byPath.get(path);
  if (!file || removed.size === 0) return;
  const uses =
    file.language === 'python'
      ? pythonRemovedNameUses(path, file, input, removed)
      : file.language === 'go'
        ? goRemovedNameUses(path, file, input, byPath, removed)
        : file.language === 'rust'
          ? rustRemovedNameUses(path, file, input, removed)
          : isScript(file)
            ? scriptRemovedNameUses(path, input, removed)
            : [];
  for (const use of uses) {
    sink.checked.names++;
    sink.findings.push({
      id: findingId('hallucination', 'missing-export', path, `${use.module}#${use.name}`),
      guard: 'hallucination',
      rule: 'missing-export',
      severity: 'block',
      message: `${path} uses "${use.name}" of ${use.module} (${use.how}), which this change removed from its exports.`,
      file: path,
      line: use.line,
      evidence: [`${use.module} exported ${use.name} before the change and does not now`],
      requiredAction: 'repair',
    });
  }
}

function scriptRemovedNameUses(
  path: string,
  input: HallucinationInput,
  removed: ReadonlyMap<string, string[]>,
): RemovedNameUse[] {
  const uses: RemovedNameUse[] = [];
  let text: string | undefined;
  for (const edge of input.graph.edges) {
    if (edge.from !== path || edge.external) continue;
    const gone = removed.get(edge.to);
    if (!gone) continue;
    text ??= readRepositoryFile(input.root, path) ?? '';
    for (const use of usesOf(text, edge.specifier, gone)) uses.push({ module: edge.to, ...use });
  }
  return uses;
}

/** Where `text` uses one of `names` from the module it imports as `specifier`. */
export function usesOf(text: string, specifier: string, names: readonly string[]): NameUse[] {
  const quoted = escapeRegex(specifier);
  const wanted = new Set(names);
  const uses: NameUse[] = [];
  const add = (name: string, index: number, how: string) => {
    if (wanted.has(name) && !uses.some((use) => use.name === name))
      uses.push({ name, line: lineAt(text, index), how });
  };
  for (const name of destructuredNames(text, specifier))
    add(name, text.search(new RegExp(`require\\(\\s*['"\`]${quoted}`)), 'destructured from its require');
  for (const match of text.matchAll(namedImports(quoted)))
    for (const part of match[1]!.split(','))
      add(/^\s*(?:type\s+)?([\w$]+)/.exec(part)?.[1] ?? '', match.index, 'a named import');
  for (const match of text.matchAll(directMembers(quoted)))
    add(match[1]!, match.index, 'a member of its require');
  for (const binding of bindingsOf(text, quoted))
    for (const match of text.matchAll(memberPattern(binding)))
      add(match[1]!, match.index, `as ${binding}.${match[1]}`);
  return uses;
}

function namedImports(quoted: string): RegExp {
  return new RegExp(`import\\s+(?:[\\w$]+\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g');
}

function directMembers(quoted: string): RegExp {
  return new RegExp(`require\\(\\s*['"\`]${quoted}['"\`]\\s*\\)\\s*\\.\\s*([\\w$]+)`, 'g');
}

/** Local names bound to the whole module: `const m = require(spec)`, `import m from spec`, `import * as m from spec`. */
function bindingsOf(text: string, quoted: string): string[] {
  const patterns = [
    new RegExp(
      `(?:const|let|var)\\s+([\\w$]+)\\s*=\\s*require\\(\\s*['"\`]${quoted}['"\`]\\s*\\)\\s*[;,\\n)]`,
      'g',
    ),
    new RegExp(`import\\s+([\\w$]+)\\s*(?:,\\s*\\{[^}]*\\}\\s*)?from\\s*['"]${quoted}['"]`, 'g'),
    new RegExp(`import\\s*\\*\\s*as\\s+([\\w$]+)\\s+from\\s*['"]${quoted}['"]`, 'g'),
  ];
  const bindings = new Set<string>();
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) bindings.add(match[1]!);
  return [...bindings].sort();
}

function memberPattern(binding: string): RegExp {
  return new RegExp(`(?<![\\w$.])${escapeRegex(binding)}\\s*\\??\\.\\s*([\\w$]+)`, 'g');
}

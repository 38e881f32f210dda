/**
 * When oxc cannot parse a file it returns no AST at all. Rather than lose the file, read the
 * facts a line-oriented scan can still see (imports, exported declarations) and call it `partial`.
 */
import { LineMap, oneLine } from '../lines.js';
import type { FileFacts, SymbolKind } from '../types.js';

const IMPORT_FROM = /^\s*(import|export)\s+(type\s+)?[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;
const REQUIRE = /(?<![.\w$])require\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const DECLARATION =
  /^\s*(export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(function\*?|class|interface|type|enum|const|let|var)\s+([A-Za-z_$][\w$]*)/gm;

const KIND: Record<string, SymbolKind> = {
  function: 'function',
  'function*': 'function',
  class: 'class',
  interface: 'interface',
  type: 'type',
  enum: 'enum',
  const: 'const',
  let: 'variable',
  var: 'variable',
};

export function lexicalFacts(text: string, facts: FileFacts): void {
  const lines = new LineMap(text);
  for (const match of text.matchAll(IMPORT_FROM)) {
    // Keys in sorted order, as the index stores them.
    facts.imports.push({
      kind: match[1] === 'export' ? 'reexport' : 'static',
      line: lines.lineOf(match.index),
      names: [],
      specifier: match[3]!,
      typeOnly: Boolean(match[2]),
    });
  }
  for (const match of text.matchAll(SIDE_EFFECT_IMPORT)) {
    facts.imports.push({
      kind: 'static',
      line: lines.lineOf(match.index),
      names: [],
      specifier: match[1]!,
      typeOnly: false,
    });
  }
  for (const match of text.matchAll(REQUIRE)) {
    facts.imports.push({
      kind: 'require',
      line: lines.lineOf(match.index),
      names: ['*'],
      specifier: match[1]!,
      typeOnly: false,
    });
  }
  facts.imports.sort((a, b) => a.line - b.line);
  for (const match of text.matchAll(DECLARATION)) {
    const offset = match.index + match[0].length - match[3]!.length - match[2]!.length - 1;
    const line = lines.lineOf(Math.max(match.index, offset));
    const exported = Boolean(match[1]);
    const firstLine = text.slice(match.index).split('\n', 1)[0]!;
    facts.symbols.push({
      endLine: line,
      exported,
      kind: KIND[match[2]!] ?? 'variable',
      line,
      name: match[3]!,
      signature: oneLine(firstLine.replace(/\s*[{=]\s*$/, '')),
    });
    if (exported)
      facts.exports.push({
        line,
        name: match[3]!,
        typeOnly: match[2] === 'interface' || match[2] === 'type',
      });
  }
}

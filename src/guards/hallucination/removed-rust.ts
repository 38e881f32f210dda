/**
 * Rust names a change removed from a module file that `use` declarations elsewhere still name.
 * A name is gone when the module exported it before the change (a `pub` item or a `pub use`) and
 * nothing in the module could bind it after: no top-level item, no `use` of that name, no item
 * of that name anywhere in the file (an inline or `cfg`-gated module), no `as name`, and no glob
 * re-export or item-level macro invocation (a macro may define any item). Uses are the names of
 * a `use` whose path resolves to that module file (`use crate::a::b::Name`, `use super::b::{X,
 * Name}`); paths written out in code are not read. When unsure, a name is not gone.
 */
import type { IndexedFile } from '../../index/types.js';
import { escapeRegex } from '../../shared/regex.js';
import type { BeforeFacts, HallucinationInput } from './input.js';
import type { RemovedNameUse } from './name-use.js';
import { readRepositoryFile } from './read.js';

/** The names `path` exported before the change and can bind no more (sorted; empty when unsure). */
export function goneFromRustModule(
  path: string,
  before: BeforeFacts,
  after: IndexedFile,
  input: HallucinationInput,
): string[] {
  if (after.confidence !== 'parsed' || before.confidence !== 'parsed') return [];
  if (after.exports.some((entry) => entry.name === '*')) return [];
  const text = readRepositoryFile(input.root, path);
  // An item-level macro (`lazy_static! {`, `impl_x!(...)`) at the start of a line may define anything.
  if (text === undefined || /^[\w:]+![ \t]*[({[]/m.test(text)) return [];
  const now = new Set<string>();
  for (const symbol of after.symbols) if (!symbol.container) now.add(symbol.name);
  for (const fact of after.imports)
    for (const name of fact.names) now.add(name.slice(name.lastIndexOf(':') + 1));
  return [...new Set(before.exports.map((entry) => entry.name))]
    .filter((name) => /^\w+$/.test(name) && !now.has(name) && !boundInText(text, name))
    .sort();
}

function boundInText(text: string, name: string): boolean {
  const word = escapeRegex(name);
  return new RegExp(
    `\\b(?:fn|struct|enum|union|trait|type|const|static|mod|macro_rules!)[ \\t]+${word}\\b|\\bas[ \\t]+${word}\\b`,
  ).test(text);
}

/** Where the Rust file `path` names a removed item in a `use` that resolves to the module that lost it. */
export function rustRemovedNameUses(
  path: string,
  file: IndexedFile,
  input: Pick<HallucinationInput, 'graph'>,
  removed: ReadonlyMap<string, string[]>,
): RemovedNameUse[] {
  const uses: RemovedNameUse[] = [];
  const outgoing = input.graph.edges.filter((edge) => edge.from === path && !edge.external);
  for (const fact of file.imports) {
    if (fact.kind !== 'static' && fact.kind !== 'reexport') continue;
    for (const edge of outgoing) {
      if (edge.line !== fact.line || edge.specifier !== fact.specifier) continue;
      const gone = removed.get(edge.to);
      if (!gone) continue;
      const stem = edge.to.replace(/(\/mod)?\.rs$/, '');
      for (const name of fact.names)
        if (gone.includes(name) && !stem.endsWith(`/${name}`) && stem !== name)
          uses.push({ module: edge.to, name, line: fact.line, how: 'a use declaration' });
    }
  }
  return uses;
}

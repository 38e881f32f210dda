/** The one-line summary every adapter ends with: module doc, else the first exported symbol's doc, else derived. */
import type { FileFacts, SummaryFact, SymbolFact } from '../types.js';

/** `symbols` may leave out declarations that say nothing about the file (a Go or Java package clause). */
export function summarize(
  facts: FileFacts,
  moduleDoc: SummaryFact | undefined,
  symbols: SymbolFact[] = facts.symbols,
): SummaryFact {
  if (moduleDoc) return moduleDoc;
  const documented = symbols.find((symbol) => symbol.exported && symbol.doc && !symbol.container);
  if (documented?.doc) return { text: documented.doc, source: 'symbol-doc', line: documented.line };
  return { text: derivedSummary(facts, symbols), source: 'derived' };
}

/** What a file without documentation visibly does, from its facts. */
export function derivedSummary(facts: FileFacts, symbols: SymbolFact[]): string {
  const exported = symbols.filter((symbol) => symbol.exported && symbol.kind !== 'method');
  if (exported.length > 0) {
    const names = exported.slice(0, 4).map((symbol) => `${symbol.name} (${symbol.kind})`);
    const more = exported.length > 4 ? ` and ${exported.length - 4} more` : '';
    return `Exports ${names.join(', ')}${more}.`;
  }
  if (facts.routes.length > 0) return `Registers ${facts.routes.length} HTTP route(s).`;
  if (facts.exports.some((entry) => entry.from)) return `Re-exports ${facts.exports.length} name(s).`;
  const top = symbols.filter((symbol) => symbol.kind !== 'method').slice(0, 3);
  if (top.length > 0) return `Defines ${top.map((symbol) => symbol.name).join(', ')}.`;
  if (facts.imports.length > 0) return `Script importing ${facts.imports.length} module(s).`;
  return '';
}

/**
 * The one-line summary of a JavaScript or TypeScript file: its module doc comment, else the doc
 * of its first documented export, else a sentence derived from what it declares.
 */
import { firstSentence, type LineMap } from '../lines.js';
import type { FileFacts, SymbolFact } from '../types.js';
import { commentValue, isBlank, type ModuleOutline, type SourceComment } from './typescript-outline.js';

interface SummaryInput {
  text: string;
  lines: LineMap;
  comments: SourceComment[];
  symbols: SymbolFact[];
}

export function summarizeModule(
  facts: FileFacts,
  firstStatement: ModuleOutline['firstStatement'],
  input: SummaryInput,
): FileFacts['summary'] {
  const moduleDoc = leadingModuleComment(firstStatement, input);
  if (moduleDoc) return moduleDoc;
  const firstDocumented = input.symbols.find((symbol) => symbol.exported && symbol.doc);
  if (firstDocumented?.doc)
    return { text: firstDocumented.doc, source: 'symbol-doc', line: firstDocumented.line };
  return { text: derivedSummary(facts, input.symbols), source: 'derived' };
}

const LICENSE_WORDS = /copyright|license|licensed|spdx|all rights reserved/i;
const MODULE_TAG = /@(module|file|fileoverview|packageDocumentation)\b/;

/** A comment at the top of the file that is not a license header and not the doc of the first declaration. */
function leadingModuleComment(
  firstStatement: ModuleOutline['firstStatement'],
  input: SummaryInput,
): FileFacts['summary'] | undefined {
  const { text } = input;
  const statementStart = firstStatement?.start ?? text.length;
  for (const comment of input.comments) {
    if (comment.start > statementStart) break;
    const value = commentValue(text, comment);
    if (LICENSE_WORDS.test(value) || /^\s*(eslint|@ts-|prettier|biome|#!|global )/.test(value)) continue;
    const attached = comment.end <= statementStart && isBlank(text, comment.end, statementStart);
    if (
      attached &&
      firstStatement?.declares &&
      !MODULE_TAG.test(value) &&
      !hasBlankLineBetween(text, comment.end, statementStart)
    ) {
      return undefined;
    }
    const summary = firstSentence(
      value.replace(/@(module|file|fileoverview|packageDocumentation)\b\s*\S*/g, ''),
    );
    if (summary && summary.length >= 8)
      return { text: summary, source: 'module-doc', line: input.lines.lineOf(comment.start) };
  }
  return undefined;
}

function hasBlankLineBetween(text: string, from: number, to: number): boolean {
  return /\n\s*\n/.test(text.slice(from, to));
}

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

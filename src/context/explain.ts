/** `explain <file>`: one file's facts, its rank and why, what it imports and who imports it. */

import { neighboursOf } from '../graph/operations/dependencies.js';
import type { GraphEdge } from '../graph/types.js';
import { GraphView } from '../graph/view.js';
import type { IndexedFile } from '../index/types.js';
import { OcppError } from '../shared/errors.js';
import type { LoadedContext } from './load.js';
import type { FileRank } from './rank.js';

export interface FileExplanation {
  file: IndexedFile;
  rank?: FileRank & { position: number; of: number };
  imports: Array<Pick<GraphEdge, 'to' | 'line' | 'specifier' | 'typeOnly' | 'kind'>>;
  importedBy: Array<Pick<GraphEdge, 'from' | 'line' | 'specifier' | 'typeOnly' | 'kind'>>;
  externals: Array<Pick<GraphEdge, 'to' | 'line' | 'specifier'>>;
  unresolved: Array<{ specifier: string; line: number; reason: string; detail?: string }>;
}

export function explainFile(
  context: LoadedContext,
  path: string,
  skipped: ReadonlyArray<{ path: string; reason: string; detail?: string }> = [],
): FileExplanation {
  const normalized = path.replace(/\\/g, '/').replace(/^\.\//, '');
  const file = context.files.find((entry) => entry.path === normalized);
  const skip = skipped.find((entry) => entry.path === normalized);
  if (!file && skip) {
    throw new OcppError(
      'NOT_FOUND',
      `${normalized} is not indexed: skipped (${skip.reason}${skip.detail ? `: ${skip.detail}` : ''})`,
      {
        hint: 'skipped files are listed with their reason in .agent-context/project.json and summary.md',
      },
    );
  }
  if (!file) {
    const near = context.files
      .filter((entry) => entry.path.endsWith(`/${normalized}`) || entry.path.endsWith(normalized))
      .slice(0, 5);
    throw new OcppError('NOT_FOUND', `${normalized} is not in the index`, {
      hint:
        near.length > 0
          ? `did you mean ${near.map((entry) => entry.path).join(', ')}?`
          : 'paths are relative to the repository root; run `opencode-plusplus update` if the file is new',
    });
  }
  const view = new GraphView(context.graph);
  const neighbours = neighboursOf(view, file.path);
  const position = context.ranking.findIndex((entry) => entry.path === file.path);
  const explanation: FileExplanation = {
    file,
    imports: neighbours.imports.map(({ to, line, specifier, typeOnly, kind }) => ({
      to,
      line,
      specifier,
      typeOnly,
      kind,
    })),
    importedBy: neighbours.importedBy.map(({ from, line, specifier, typeOnly, kind }) => ({
      from,
      line,
      specifier,
      typeOnly,
      kind,
    })),
    externals: neighbours.externals.map(({ to, line, specifier }) => ({ to, line, specifier })),
    unresolved: context.graph.unresolved
      .filter((entry) => entry.from === file.path)
      .map(({ specifier, line, reason, detail }) => ({
        specifier,
        line,
        reason,
        ...(detail ? { detail } : {}),
      })),
  };
  if (position !== -1)
    explanation.rank = { ...context.ranking[position]!, position: position + 1, of: context.ranking.length };
  return explanation;
}

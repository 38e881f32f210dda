/**
 * Chunks for `rag search`: a file cut into the pieces a person would point at — one per
 * definition (its lines up to the next definition), one per Markdown section, or windows of
 * lines for text without either. Each chunk knows its lines, so a match prints as file:line.
 */
import type { CorpusDocument, Definition } from './corpus.js';

export type ChunkKind = 'symbol' | 'doc' | 'code';

export interface Chunk {
  path: string;
  kind: ChunkKind;
  /** The definition or heading the chunk is about. */
  name?: string;
  line: number;
  endLine: number;
  text: string;
}

const WINDOW = 40;
/** A definition without a known end gets at most this many lines. */
const MAX_DEFINITION_LINES = 120;

export function chunkDocument(document: CorpusDocument, text: string): Chunk[] {
  const lines = text.split('\n');
  if (document.file.language === 'markdown') return sectionChunks(document.path, lines);
  const definitions = topLevelFirst(document.definitions);
  if (definitions.length > 0) return definitionChunks(document.path, lines, definitions);
  return windowChunks(document.path, lines, document.file.kind === 'doc' ? 'doc' : 'code');
}

/** Definitions by line; a method inside a class chunk keeps its own chunk too. */
function topLevelFirst(definitions: readonly Definition[]): Definition[] {
  return [...definitions].sort((a, b) => a.line - b.line);
}

function definitionChunks(path: string, lines: string[], definitions: Definition[]): Chunk[] {
  const chunks: Chunk[] = [];
  const first = definitions[0]!.line;
  if (first > 3) chunks.push(makeChunk(path, 'code', lines, 1, first - 1));
  definitions.forEach((definition, index) => {
    const next = definitions.slice(index + 1).find((other) => other.line > definition.line);
    const fallbackEnd = Math.min(lines.length, (next?.line ?? lines.length + 1) - 1);
    const end = Math.min(
      definition.endLine && definition.endLine >= definition.line ? definition.endLine : fallbackEnd,
      definition.line + MAX_DEFINITION_LINES - 1,
    );
    const chunk = makeChunk(path, 'symbol', lines, definition.line, Math.max(definition.line, end));
    chunk.name = definition.container ? `${definition.container}.${definition.name}` : definition.name;
    chunks.push(chunk);
  });
  return chunks;
}

function sectionChunks(path: string, lines: string[]): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 1;
  let heading: string | undefined;
  let inFence = false;
  const flush = (end: number) => {
    if (end < start) return;
    const chunk = makeChunk(path, 'doc', lines, start, end);
    if (heading) chunk.name = heading;
    if (chunk.text.trim()) chunks.push(chunk);
  };
  lines.forEach((line, index) => {
    if (line.trimStart().startsWith('```')) inFence = !inFence;
    const match = inFence ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) return;
    flush(index);
    start = index + 1;
    heading = match[1];
  });
  flush(lines.length);
  return chunks.flatMap((chunk) =>
    chunk.endLine - chunk.line >= WINDOW * 2 ? split(chunk, lines) : [chunk],
  );
}

function split(chunk: Chunk, lines: string[]): Chunk[] {
  return windowChunks(chunk.path, lines.slice(chunk.line - 1, chunk.endLine), chunk.kind).map((part) => ({
    ...part,
    line: part.line + chunk.line - 1,
    endLine: part.endLine + chunk.line - 1,
    ...(chunk.name ? { name: chunk.name } : {}),
  }));
}

function windowChunks(path: string, lines: string[], kind: ChunkKind): Chunk[] {
  const chunks: Chunk[] = [];
  for (let start = 1; start <= lines.length; start += WINDOW) {
    const chunk = makeChunk(path, kind, lines, start, Math.min(lines.length, start + WINDOW - 1));
    if (chunk.text.trim()) chunks.push(chunk);
  }
  return chunks;
}

function makeChunk(path: string, kind: ChunkKind, lines: string[], line: number, endLine: number): Chunk {
  return { path, kind, line, endLine, text: lines.slice(line - 1, endLine).join('\n') };
}

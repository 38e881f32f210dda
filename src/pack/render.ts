/**
 * The three ways a file can appear in a pack: its full text, a skeleton (the signatures and doc
 * lines of its definitions, with line numbers, so an agent knows where to look), or one line
 * (path, summary, size). Pure text functions; the budget decides which one each file gets.
 */
import type { Definition } from '../retrieve/corpus.js';

export type Representation = 'full' | 'skeleton' | 'line';

export interface RenderableFile {
  path: string;
  /** The file's text; undefined when it could not be read (then only a line is possible). */
  text: string | undefined;
  definitions: readonly Definition[];
  summary: string;
  lines: number;
  language: string;
}

/** Most definitions a skeleton lists; the rest are counted. */
const MAX_SKELETON_ENTRIES = 150;

/** `const x = require('x')` and the like: imports, not definitions worth a skeleton line. */
const IMPORT_LIKE = /^(import\b|from\s+\S+\s+import\b)|=\s*(require|import)\(/;

export function renderSkeleton(file: RenderableFile): string | undefined {
  const definitions = file.definitions.filter((definition) => !IMPORT_LIKE.test(definition.signature));
  if (definitions.length === 0) return undefined;
  const shown = definitions.slice(0, MAX_SKELETON_ENTRIES);
  const width = String(Math.max(...shown.map((definition) => definition.line))).length;
  const lines = shown.map((definition) => {
    const indent = definition.container ? '  ' : '';
    const doc = definition.doc ? `  // ${definition.doc}` : '';
    return `${String(definition.line).padStart(width)}: ${indent}${definition.signature}${doc}`;
  });
  const rest = definitions.length - shown.length;
  if (rest > 0) lines.push(`… ${rest} more definitions`);
  return lines.join('\n');
}

export function renderLine(file: RenderableFile): string {
  const summary = file.summary ? ` — ${file.summary}` : '';
  return `\`${file.path}\`${summary} (${file.lines} lines)`;
}

/** Fence that no line of `text` starts with, so any file can be quoted. */
export function fenceFor(text: string): string {
  let fence = '```';
  while (text.includes(`\n${fence}`) || text.startsWith(fence)) fence += '`';
  return fence;
}

const FENCE_LANGUAGE: Record<string, string> = {
  typescript: 'ts',
  javascript: 'js',
  python: 'python',
  go: 'go',
  rust: 'rust',
  java: 'java',
  markdown: 'md',
  json: 'json',
  yaml: 'yaml',
  shell: 'sh',
};

export function fenceLanguage(language: string): string {
  return FENCE_LANGUAGE[language] ?? '';
}

/**
 * The Markdown block of one packed file: a heading numbered by its rank, why it was chosen, and
 * its body (a line entry is one list item).
 */
export function renderEntry(
  file: RenderableFile,
  representation: Representation,
  rank: number,
  reasons: readonly string[],
): { head: string; body: string; tail: string } {
  const because = reasons.slice(0, 3).join('; ');
  if (representation === 'line') {
    return {
      head: `- ${rank}. ${renderLine(file)}${because ? `; why: ${because}` : ''}\n`,
      body: '',
      tail: '',
    };
  }
  const why = because ? `\nwhy: ${because}\n` : '\n';
  const label = representation === 'full' ? 'full text' : `skeleton of ${file.lines} lines`;
  const body = representation === 'full' ? (file.text ?? '') : (renderSkeleton(file) ?? '');
  const fence = fenceFor(body);
  const language = representation === 'full' ? fenceLanguage(file.language) : '';
  const head = `### ${rank}. \`${file.path}\` (${label})${why}\n${fence}${language}\n`;
  const tail = `${body.endsWith('\n') || body === '' ? '' : '\n'}${fence}\n`;
  return { head, body, tail };
}

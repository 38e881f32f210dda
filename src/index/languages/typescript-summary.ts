/**
 * The module doc of a JavaScript or TypeScript file, for its summary (`summary.ts` falls back to
 * the first documented export, then to a sentence derived from the facts).
 */
import { firstSentence, type LineMap } from '../lines.js';
import type { FileFacts } from '../types.js';
import { commentValue, isBlank, type SourceComment } from './typescript-comments.js';

interface SummaryInput {
  text: string;
  lines: LineMap;
  comments: SourceComment[];
}

const LICENSE_WORDS = /copyright|license|licensed|spdx|all rights reserved/i;
const MODULE_TAG = /@(module|file|fileoverview|packageDocumentation)\b/;
/** `// import { x } from "./y.js";` is code switched off, not documentation. */
const COMMENTED_OUT_CODE =
  /^\s*(import|export|const|let|var|function|class|interface|type|return|if|for|while|await|require)\b[^\n]*[;{}(,]\s*$/;

/** A comment at the top of the file that is not a license header and not the doc of the first declaration. */
export function moduleDocComment(
  firstStatement: { start: number; declares: boolean } | undefined,
  input: SummaryInput,
): FileFacts['summary'] | undefined {
  const { text } = input;
  const statementStart = firstStatement?.start ?? text.length;
  const comments = lineCommentBlocks(text, input.comments, statementStart);
  for (const comment of comments) {
    if (comment.start > statementStart) break;
    const value = comment.value;
    if (LICENSE_WORDS.test(value) || /^\s*(eslint|@ts-|prettier|biome|#!|global )/.test(value)) continue;
    if (COMMENTED_OUT_CODE.test(value)) continue;
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
      return { line: input.lines.lineOf(comment.start), source: 'module-doc', text: summary };
  }
  return undefined;
}

/** Consecutive `//` lines read as one comment (a module doc is often several of them). */
function lineCommentBlocks(
  text: string,
  comments: SourceComment[],
  until: number,
): Array<{ start: number; end: number; value: string }> {
  const blocks: Array<{ start: number; end: number; value: string; line: boolean }> = [];
  for (const comment of comments) {
    if (comment.start > until) break; // only the comments above the first statement matter
    // The hashbang (`#!/usr/bin/env node`) is listed as a comment; it says how to run the file.
    if (comment.start === 0 && text.startsWith('#!')) continue;
    const value = commentValue(text, comment);
    const last = blocks.at(-1);
    const adjacent =
      last?.line &&
      comment.type === 'Line' &&
      isBlank(text, last.end, comment.start) &&
      !hasBlankLineBetween(text, last.end, comment.start);
    if (last && adjacent) {
      last.end = comment.end;
      last.value = `${last.value}\n${value}`;
    } else blocks.push({ start: comment.start, end: comment.end, value, line: comment.type === 'Line' });
  }
  return blocks;
}

function hasBlankLineBetween(text: string, from: number, to: number): boolean {
  return /\n\s*\n/.test(text.slice(from, to));
}

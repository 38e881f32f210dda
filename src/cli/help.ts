/**
 * Help text wraps to the terminal, not to the line breaks of our source: a description written
 * over several source lines is one paragraph. Blank lines still separate paragraphs, and lines
 * that start a list item or are indented keep their own line.
 */
import { Help } from 'commander';
import type { CliIO } from './io.js';

const KEEPS_ITS_LINE = /^(\s|[-*•] |\d+[.)] )/;

export function reflowParagraphs(text: string): string {
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .reduce<string[]>((lines, line) => {
          if (lines.length === 0 || KEEPS_ITS_LINE.test(line)) lines.push(line);
          else lines[lines.length - 1] = `${lines[lines.length - 1]!.trimEnd()} ${line.trimStart()}`;
          return lines;
        }, [])
        .join('\n'),
    )
    .join('\n\n');
}

/** The width help wraps to: the terminal's, else $COLUMNS, else commander's 80. */
export function helpWidthOf(io: CliIO): number | undefined {
  const stream = io.stdout as CliIO['stdout'] & { columns?: number };
  if (stream.isTTY && stream.columns) return stream.columns;
  const columns = Number(io.env.COLUMNS);
  return Number.isInteger(columns) && columns >= 40 ? columns : undefined;
}

export const helpConfiguration: Partial<Help> = {
  boxWrap(text: string, width: number): string {
    return Help.prototype.boxWrap.call(this, reflowParagraphs(text), width);
  },
};

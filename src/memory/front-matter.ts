/**
 * Front matter of memory files: a `---` fenced header of `key: value` lines whose values are JSON
 * (`"text"`, `3`, `["src/**"]`, `null`). JSON values are also valid YAML, so editors highlight it
 * and people can edit it; parsing stays strict and names the file and line of a mistake.
 */
import { inputError } from '../shared/errors.js';
import { stableStringify } from '../shared/json.js';

export interface FrontMatterDocument {
  fields: Record<string, unknown>;
  /** Field order as written, so a rewrite keeps the file's shape. */
  order: string[];
  body: string;
}

const FENCE = '---';

export function parseFrontMatter(text: string, file: string): FrontMatterDocument {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines[0] !== FENCE) throw inputError('expected front matter starting with "---"', { file, line: 1 });
  const end = lines.indexOf(FENCE, 1);
  if (end === -1) throw inputError('front matter is not closed by a "---" line', { file, line: 1 });
  const fields: Record<string, unknown> = {};
  const order: string[] = [];
  for (let index = 1; index < end; index++) {
    const line = lines[index]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*):\s*(.*)$/.exec(line);
    if (!match)
      throw inputError(`expected "key: value", found ${JSON.stringify(line)}`, { file, line: index + 1 });
    fields[match[1]!] = parseValue(match[2]!, file, index + 1, match[1]!);
    order.push(match[1]!);
  }
  const body = lines
    .slice(end + 1)
    .join('\n')
    .replace(/^\n+/, '');
  return { fields, order, body };
}

function parseValue(raw: string, file: string, line: number, key: string): unknown {
  const value = raw.trim();
  if (value === '') return null;
  try {
    return JSON.parse(value);
  } catch {
    // A bare word or date (`2026-01-05`, `active`) is read as a string, as YAML would.
    if (/^[\w.:/@+-]+$/.test(value)) return value;
    throw inputError(`the value of ${key} is not valid JSON: ${value}`, {
      file,
      line,
      key,
      hint: 'quote text values, e.g. "some text"; lists look like ["a", "b"]',
    });
  }
}

/** Renders fields in `order` (unknown extra keys after, sorted), then a blank line and the body. */
export function renderFrontMatter(fields: Record<string, unknown>, order: string[], body: string): string {
  const keys = [
    ...order.filter((key) => key in fields),
    ...Object.keys(fields)
      .filter((key) => !order.includes(key))
      .sort(),
  ];
  const lines = [FENCE];
  for (const key of [...new Set(keys)]) {
    const value = fields[key];
    if (value === undefined) continue;
    lines.push(`${key}: ${stableStringify(value)}`);
  }
  lines.push(FENCE, '', body.replace(/\s+$/, ''), '');
  return lines.join('\n');
}

import { OcppError } from './errors.js';

/**
 * JSON with object keys sorted at every level, so the same value always gives the same bytes.
 * Arrays keep their order: callers sort them where order carries no meaning.
 */
export function stableStringify(value: unknown, indent = 0): string {
  return JSON.stringify(value, sortedKeys, indent) ?? 'null';
}

/**
 * A `JSON.stringify` replacer that hands objects over with their keys in sorted order. Objects
 * whose keys are already sorted (everything read back from our own files) are passed through
 * without a copy, which keeps native serialisation speed on big outputs.
 */
function sortedKeys(this: unknown, _key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  let ordered = true;
  for (let index = 1; index < keys.length; index++) {
    if (keys[index - 1]! > keys[index]!) {
      ordered = false;
      break;
    }
  }
  if (ordered) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of keys.sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}

/** `stableStringify` with two-space indent and a final newline: the form of every file we write. */
export function formatJsonFile(value: unknown): string {
  return `${stableStringify(value, 2)}\n`;
}

/** Line and column (1-based) of a character offset. */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** `JSON.parse` that names the file, line and column of a syntax error (exit code 2). */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const offset = position
      ? Number(position[1])
      : /end of JSON input/.test(message)
        ? text.length
        : undefined;
    const where = offset === undefined ? undefined : lineColumnOf(text, offset);
    const truncated = text.trim().length === 0 ? 'the file is empty' : message.replace(/^.*?: /, '');
    throw new OcppError('INPUT_INVALID', `invalid JSON: ${truncated}`, {
      file,
      ...(where ?? {}),
      hint: 'fix the file by hand or delete it so that it is regenerated',
    });
  }
}

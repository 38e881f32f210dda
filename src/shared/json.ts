import { OcppError } from './errors.js';

/** A JSON object: not null, not an array. The one test every reader of untyped JSON uses. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line of a JSON-lines stream as an object; undefined for a line that is not a JSON object. */
export function parseJsonLine(line: string): Record<string, unknown> | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * JSON with object keys sorted at every level, so the same value always gives the same bytes.
 * Arrays keep their order: callers sort them where order carries no meaning.
 */
export function stableStringify(value: unknown, indent = 0): string {
  return JSON.stringify(sortedValue(value, ''), undefined, indent) ?? 'null';
}

/**
 * `value` with every object's keys in sorted order, ready for a plain `JSON.stringify` (a replacer
 * would be called back for every value, strings and numbers included: most of the time spent
 * writing the index). Objects and arrays already in order (everything read back from our own
 * files) are kept, not copied; `toJSON` is applied here, as `JSON.stringify` would.
 */
function sortedValue(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson === 'function') return sortedValue(toJson.call(value, key), key);
  if (Array.isArray(value)) return sortedArray(value);
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  let ordered = true;
  for (let index = 1; index < keys.length && ordered; index++) ordered = keys[index - 1]! <= keys[index]!;
  if (ordered) {
    // Copy only when a value inside changes.
    for (let index = 0; index < keys.length; index++) {
      const item = object[keys[index]!];
      if (item !== null && typeof item === 'object' && sortedValue(item, keys[index]!) !== item)
        return sortedCopy(object, keys);
    }
    return object;
  }
  return sortedCopy(object, keys.sort());
}

function sortedCopy(object: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of keys) {
    const item = sortedValue(object[key], key);
    // An own `__proto__` key (JSON.parse makes them) stays a key rather than setting the prototype.
    if (key === '__proto__')
      Object.defineProperty(sorted, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else sorted[key] = item;
  }
  return sorted;
}

function sortedArray(items: readonly unknown[]): readonly unknown[] {
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (item === null || typeof item !== 'object') continue;
    const sorted = sortedValue(item, String(index));
    if (sorted === item) continue;
    const copy = items.slice(0, index);
    copy.push(sorted);
    for (let rest = index + 1; rest < items.length; rest++) copy.push(sortedValue(items[rest], String(rest)));
    return copy;
  }
  return items;
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

/**
 * Every TOML read (Cargo.toml, pyproject.toml, Pipfile, lockfiles) goes through this module, on
 * smol-toml: the parsed document, or a flat list of its key/value entries per table for readers
 * that look keys up by table. A file that does not parse gives nothing to trust (undefined, []).
 */
import { parse } from 'smol-toml';
import { isRecord } from './json.js';

export type TomlTable = Record<string, unknown>;

export interface TomlEntry {
  /** The table the key sits in (`package`, `bin`, `dependencies.serde`); '' at the top. */
  table: string;
  /** Which table this entry belongs to, counting from 1 (0 at the top): tells `[[bin]]` tables apart. */
  section: number;
  key: string;
  /** A string value as it is; any other value as JSON (`true`, `["a","b"]`, `{"version":"1"}`). */
  value: string;
}

/** The document, or undefined when the text is not valid TOML. */
export function parseToml(text: string): TomlTable | undefined {
  try {
    return parse(text) as TomlTable;
  } catch {
    // Invalid TOML: the caller treats the file as declaring nothing.
    return undefined;
  }
}

export function tomlEntries(text: string): TomlEntry[] {
  const document = parseToml(text);
  const entries: TomlEntry[] = [];
  if (document) flatten(document, '', { section: 0, next: 1 }, entries);
  return entries;
}

function flatten(
  table: TomlTable,
  name: string,
  at: { section: number; next: number },
  out: TomlEntry[],
): void {
  const section = at.section;
  for (const [key, value] of Object.entries(table)) {
    const inner = name ? `${name}.${key}` : key;
    if (isTable(value)) {
      // The key is an entry of its table too (`serde = { version = "1" }` under [dependencies]).
      out.push({ table: name, section, key, value: JSON.stringify(value) });
      at.section = at.next++;
      flatten(value, inner, at, out);
      at.section = section;
    } else if (Array.isArray(value) && value.length > 0 && value.every(isTable)) {
      for (const element of value) {
        at.section = at.next++;
        flatten(element, inner, at, out);
      }
      at.section = section;
    } else {
      out.push({
        table: name,
        section,
        key,
        value: typeof value === 'string' ? value : JSON.stringify(value),
      });
    }
  }
}

/** A TOML table (an object that is neither null nor an array). */
export function isTable(value: unknown): value is TomlTable {
  return isRecord(value) && !(value instanceof Date);
}

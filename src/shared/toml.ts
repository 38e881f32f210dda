/** A line-oriented reading of TOML manifests (Cargo.toml): enough for names, paths and dependency keys. */

export interface TomlEntry {
  /** The table the key sits in (`package`, `bin`, `dependencies.serde`); '' before any header. */
  table: string;
  /** Which header this entry follows, counting from 1 (0 before any): tells `[[bin]]` tables apart. */
  section: number;
  key: string;
  /** A quoted value without its quotes, else the raw rest of the line. */
  value: string;
}

export function tomlEntries(text: string): TomlEntry[] {
  const entries: TomlEntry[] = [];
  let table = '';
  let section = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s+|\s+$/g, '');
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?/.exec(line);
    if (header) {
      table = header[1]!.replace(/\s+/g, '');
      section++;
      continue;
    }
    const pair = /^("?)([\w.-]+)\1\s*=\s*(.*)$/.exec(line);
    if (!pair) continue;
    const value = /^"([^"]*)"/.exec(pair[3]!)?.[1] ?? pair[3]!;
    entries.push({ table, section, key: pair[2]!, value });
  }
  return entries;
}

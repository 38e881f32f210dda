import { describe, expect, it } from 'vitest';
import { parseToml, tomlEntries } from '../../src/shared/toml.js';

describe('tomlEntries', () => {
  it('reads keys by table, unquotes values, and tells repeated [[bin]] tables apart', () => {
    const entries = tomlEntries(
      [
        'name = "top"',
        '[package]',
        'name = "search"',
        '',
        '[[bin]]',
        'name = "sg"',
        'path = "crates/core/main.rs" # the binary',
        '',
        '[[ bin ]]',
        'path = "tools/gen.rs"',
        '',
        '[dependencies]',
        'serde = { version = "1" }',
      ].join('\n'),
    );
    expect(entries.filter((entry) => entry.table !== '')).toEqual([
      { table: 'package', section: 1, key: 'name', value: 'search' },
      { table: 'bin', section: 2, key: 'name', value: 'sg' },
      { table: 'bin', section: 2, key: 'path', value: 'crates/core/main.rs' },
      { table: 'bin', section: 3, key: 'path', value: 'tools/gen.rs' },
      { table: 'dependencies', section: 4, key: 'serde', value: '{"version":"1"}' },
      { table: 'dependencies.serde', section: 5, key: 'version', value: '1' },
    ]);
    expect(entries[0]).toEqual({ table: '', section: 0, key: 'name', value: 'top' });
  });

  it('reads single-quoted strings without their quotes and multi-line arrays whole (a real parser)', () => {
    const entries = tomlEntries("[package]\nname = 'my-crate'\nkeywords = [\n  'a',\n  'b',\n]\n");
    expect(entries.filter((entry) => entry.table === 'package')).toEqual([
      { table: 'package', section: 1, key: 'name', value: 'my-crate' },
      { table: 'package', section: 1, key: 'keywords', value: '["a","b"]' },
    ]);
    expect(parseToml('name = "unterminated')).toBeUndefined();
    expect(tomlEntries('[broken')).toEqual([]);
  });
});

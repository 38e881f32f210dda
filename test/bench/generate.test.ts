import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateRepository, MIN_FILES, synthesizeRepository } from '../../bench/generate.mjs';
import { buildContextPackage } from '../../src/context/build.js';
import { builtGraph, builtIndex } from '../helpers/context.js';
import { git, makeTempDir } from '../helpers/repo.js';

function digest(files: Map<string, string>): string {
  const hash = createHash('sha256');
  for (const [path, text] of files) hash.update(`${path}\0${text}\0`);
  return hash.digest('hex');
}

describe('bench/generate.mjs', () => {
  it('makes the same tree for the same seed and a different one for another seed', () => {
    const first = synthesizeRepository({ files: 300, seed: 7 });
    const again = synthesizeRepository({ files: 300, seed: 7 });
    const other = synthesizeRepository({ files: 300, seed: 8 });
    expect(digest(again.files)).toBe(digest(first.files));
    expect(again.expected).toEqual(first.expected);
    expect(digest(other.files)).not.toBe(digest(first.files));
  });

  it('makes exactly the requested number of files, sorted, with realistic sizes', () => {
    for (const files of [MIN_FILES, 123, 1000]) {
      const tree = synthesizeRepository({ files, seed: 1 });
      expect(tree.files.size).toBe(files);
      const paths = [...tree.files.keys()];
      expect(paths).toEqual([...paths].sort());
    }
    const sizes = [...synthesizeRepository({ files: 1000, seed: 1 }).files.values()].map(
      (text) => text.length,
    );
    const between = (min: number, max: number) => sizes.filter((size) => size >= min && size <= max).length;
    expect(between(1_000, 6_000)).toBeGreaterThan(sizes.length / 2);
    expect(between(20_000, 40_000)).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThan(45_000);
  });

  it('rejects a size too small for one feature per layer', () => {
    expect(() => synthesizeRepository({ files: MIN_FILES - 1 })).toThrow(/files must be an integer/);
  });

  it('commits the tree, and the product resolves every planned import of it', async () => {
    const directory = makeTempDir('ocpp-bench-gen-');
    const generated = generateRepository({ files: 150, seed: 3, directory });
    expect(git(directory, 'ls-files').trim().split('\n')).toHaveLength(150);
    expect(git(directory, 'status', '--porcelain')).toBe('');
    const again = generateRepository({ files: 150, seed: 3, directory: makeTempDir('ocpp-bench-gen-') });
    expect(git(again.root, 'rev-parse', 'HEAD')).toBe(git(directory, 'rev-parse', 'HEAD'));

    const result = await buildContextPackage(directory);
    expect(result.stats.files).toBe(150);
    const graph = await builtGraph(directory);
    expect(graph.unresolved).toEqual([]);
    expect(graph.stats.internalEdges).toBe(generated.expected.internalEdges);

    const internal = graph.edges.filter((edge) => !edge.external);
    const kinds = new Set(internal.map((edge) => edge.kind));
    expect([...kinds].sort()).toEqual(['dynamic', 'reexport', 'require', 'static']);
    expect(internal.some((edge) => edge.typeOnly)).toBe(true);
    expect(
      internal.some((edge) => edge.specifier.startsWith('@domain/') || edge.specifier.startsWith('@shared/')),
    ).toBe(true);
    expect(internal.some((edge) => edge.specifier.endsWith('.js'))).toBe(true);
    expect(internal.some((edge) => /^\.\.?\/.*\/[\w-]+$/.test(edge.specifier))).toBe(true);
    const pairs = new Set(internal.map((edge) => `${edge.from} -> ${edge.to}`));
    expect(generated.expected.cycles.length).toBeGreaterThan(0);
    for (const [a, b] of generated.expected.cycles) {
      expect(pairs).toContain(`${a} -> ${b}`);
      expect(pairs).toContain(`${b} -> ${a}`);
    }
    const index = await builtIndex(directory);
    expect(index.files.some((file) => file.routes.length > 0)).toBe(true);
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { buildDependencyGraph } from '../../src/graph/build.js';
import type { DependencyGraph } from '../../src/graph/types.js';
import { indexRepository } from '../../src/index/index-repository.js';
import type { RepositoryIndex } from '../../src/index/types.js';
import { scanRepository } from '../../src/scan/scan.js';
import { makeRepo } from '../helpers/repo.js';

async function indexOf(root: string): Promise<RepositoryIndex> {
  const { scan, contents } = await scanRepository(root, { config: defaultConfig() });
  return indexRepository(scan, { contents, workers: 0 });
}

/** The graph of `root` now, patched from `before` for the files whose bytes changed since `old`. */
function patched(root: string, old: RepositoryIndex, before: DependencyGraph, now: RepositoryIndex) {
  const hashes = new Map(old.files.map((file) => [file.path, file.hash]));
  const reusable = new Set(
    now.files.filter((file) => hashes.get(file.path) === file.hash).map((file) => file.path),
  );
  return buildDependencyGraph(root, now, { graph: before, reusable });
}

describe('a graph patched for the changed files', () => {
  it('is the graph a full build of the same index gives, edges, packages and counts in the same order', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'p', type: 'module', dependencies: { lodash: '1', zod: '3' } }),
      'src/a.ts':
        "import lodash from 'lodash';\nimport { readFileSync } from 'node:fs';\nexport const a = 1;\n",
      'src/b.ts': "import { a } from './a.js';\nimport { z } from 'zod';\nexport const b = a;\n",
      'src/c.ts': "import { b } from './b.js';\nimport lodash from 'lodash';\nexport const c = b;\n",
      'src/d.ts': "import { c } from './c.js';\nimport { gone } from './missing.js';\nexport const d = c;\n",
      'src/e.ts': 'export const e = 5;\n',
    });
    const old = await indexOf(root);
    const before = buildDependencyGraph(root, old);
    // b stops importing zod (its last importer) and imports e and lodash; d resolves what it could not; e gains imports.
    writeFileSync(
      join(root, 'src/b.ts'),
      "import { e } from './e.js';\nimport lodash from 'lodash';\nexport const b = e;\n",
    );
    writeFileSync(
      join(root, 'src/d.ts'),
      "import { c } from './c.js';\nimport { a } from './a.js';\nexport const d = c + a;\n",
    );
    writeFileSync(
      join(root, 'src/e.ts'),
      "import { z } from 'zod';\nimport { join } from 'node:path';\nimport x from './nowhere.js';\nexport const e = 5;\n",
    );
    const now = await indexOf(root);
    const full = buildDependencyGraph(root, now);
    const fromPatch = patched(root, old, before, now);
    expect(fromPatch).toEqual(full);
    expect(JSON.stringify(fromPatch)).toBe(JSON.stringify(full));
    // The case is not trivial: the packages and the unresolved imports moved.
    expect(full.externals.find((node) => node.id === 'npm:lodash')?.importers).toBe(3);
    expect(full.unresolved.map((item) => item.from)).toEqual(['src/e.ts']);
    expect(before.unresolved.map((item) => item.from)).toEqual(['src/d.ts']);
    expect(full.edges).not.toEqual(before.edges);
  });

  it('with nothing changed is the previous graph', async () => {
    const root = makeRepo({
      'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/b.ts': "import fs from 'node:fs';\nexport const b = 1;\n",
    });
    const index = await indexOf(root);
    const before = buildDependencyGraph(root, index);
    expect(patched(root, index, before, index)).toEqual(before);
  });
});

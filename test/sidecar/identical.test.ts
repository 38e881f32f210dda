import { cpSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { contextOutputs } from '../helpers/outputs.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';
import { readStatus, settledAfter, startSidecarProcess, stopSidecar, waitForStatus } from './process.js';

const files = {
  'package.json': JSON.stringify({ name: 'same', type: 'module', dependencies: { zod: '3' } }),
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': "import { a } from './a.js';\n\nexport const b = a + 1;\n",
  'src/c.ts': "import { b } from './b.js';\nimport { z } from 'zod';\n\nexport const c = z.string();\n",
};

const edits: Array<[string, string]> = [
  [
    'src/a.ts',
    'export const a = 1;\n\n/** Added. */\nexport function more(value: number): number {\n  return value;\n}\n',
  ],
  [
    'src/b.ts',
    "import { a } from './a.js';\nimport { c } from './c.js';\n\nexport const b = a + 1;\nexport { c };\n",
  ],
  ['src/c.ts', "import { z } from 'zod';\n\nexport const c = z.number();\n"],
];

/** As an editor saves: a temporary renamed into place. */
function save(root: string, path: string, text: string): void {
  writeFileSync(join(root, `${path}.tmp`), text);
  renameSync(join(root, `${path}.tmp`), join(root, path));
}

describe('what the sidecar writes', () => {
  it('is byte for byte what a CLI update of a copy writes after the same edits', async () => {
    const root = makeRepo(files);
    expect(runCli(['build', root], root).code).toBe(0);
    const copy = join(makeTempDir(), basename(root));
    cpSync(root, copy, { recursive: true });
    const sidecar = await startSidecarProcess(root);
    try {
      await waitForStatus(sidecar, settledAfter(1));
      for (const [path, text] of edits) {
        const before = await readStatus(sidecar);
        save(root, path, text);
        await waitForStatus(
          sidecar,
          (status) => settledAfter(before.refreshes + 1)(status) && status.treeHash !== before.treeHash,
        );
      }
    } finally {
      await stopSidecar(sidecar);
    }
    for (const [path, text] of edits) save(copy, path, text);
    const updated = runCli(['update', copy, '--json'], copy);
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout).mode).toBe('incremental');
    expect(contextOutputs(root)).toEqual(contextOutputs(copy));
  });
});

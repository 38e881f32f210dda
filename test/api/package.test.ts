import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a module script from the package root, importing the package by its name (the exports map). */
function runModule(source: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the package by its name', () => {
  it('exposes the library and the session entry points through the exports map', () => {
    const root = makeRepo({
      'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/b.ts': 'export const b = 1;\n',
    });
    const result = runModule(`
      import { build, freshness, explain, decideContextRefresh } from 'opencode-plusplus';
      import { openSession } from 'opencode-plusplus/session';
      const built = await build(${JSON.stringify(root)});
      const fresh = await freshness(${JSON.stringify(root)});
      const session = openSession(${JSON.stringify(root)});
      const explained = await session.explain('src/b.ts');
      const viaApi = await explain('src/a.ts', ${JSON.stringify(root)});
      console.log(JSON.stringify({ mode: built.mode, verdict: fresh.verdict, importedBy: explained.importedBy.map((edge) => edge.from), imports: viaApi.imports.map((edge) => edge.to), decision: decideContextRefresh(undefined, { modifiedFiles: ['package.json'] }).mode }));
    `);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      mode: 'cold',
      verdict: 'fresh',
      importedBy: ['src/a.ts'],
      imports: ['src/b.ts'],
      decision: 'rebuilt',
    });
  });

  it('does not expose internals', () => {
    const result = runModule(`await import('opencode-plusplus/dist/context/build.js');`);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});

/**
 * What a refresh loads. `update` and `evolve` after one edit run in a child process of the built
 * CLI with a module hook that logs every module it loads: zod (the project.json schema, the lesson
 * store, the run schema) is not among them unless the repository has lessons or task runs, so an
 * agent's every-iteration refresh does not pay for ~95 modules it never uses.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.OCPP_TEST_LOAD_LOG, url + '\\n');
  return next(url, context);
}
`;

/** A `--import` module registering the hook above; the log file is named per run. */
function loadLogger(): string {
  const folder = makeTempDir('ocpp-load-log-');
  writeFileSync(join(folder, 'hooks.mjs'), HOOKS);
  const register = join(folder, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(folder, 'hooks.mjs')).href)});\n`,
  );
  return register;
}

/** The modules a CLI run loads, as `file:` URLs (and `node:` names). */
function modulesLoadedBy(args: string[], root: string): string[] {
  const log = join(makeTempDir('ocpp-load-'), 'loaded.txt');
  writeFileSync(log, '');
  const run = runCli(args, root, {
    NODE_OPTIONS: `--import=${pathToFileURL(loadLogger()).href}`,
    OCPP_TEST_LOAD_LOG: log,
  });
  expect(run.code, run.stderr).toBe(0);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

function editedRepository(): string {
  const root = makeRepo({
    'package.json': JSON.stringify({ name: 'demo', type: 'module' }),
    'src/a.ts': "import { b } from './b.js';\nexport const a = b + 1;\n",
    'src/b.ts': 'export const b = 1;\n',
    'src/c.ts': "import { a } from './a.js';\nexport const c = a;\n",
  });
  expect(runCli(['build', root, '--json'], root).code).toBe(0);
  appendFileSync(join(root, 'src/a.ts'), 'export function added(): number {\n  return 2;\n}\n');
  return root;
}

const zod = (url: string) => url.includes('/node_modules/zod/');

describe('modules loaded by a refresh', () => {
  it('update after one edit re-composes without loading zod', () => {
    const root = editedRepository();
    const loaded = modulesLoadedBy(['update', root, '--json'], root);
    // The hook saw the build: a log that missed it would prove nothing.
    expect(loaded.some((url) => url.endsWith('/dist/context/compose.js'))).toBe(true);
    expect(loaded.filter(zod)).toEqual([]);
    expect(loaded.filter((url) => url.includes('/dist/memory/'))).toEqual([]);
  });

  it('evolve after one edit loads neither zod nor the run schema', () => {
    const root = editedRepository();
    const loaded = modulesLoadedBy(['evolve', root, '--json'], root);
    expect(loaded.some((url) => url.endsWith('/dist/context/delta.js'))).toBe(true);
    expect(loaded.filter(zod)).toEqual([]);
    expect(loaded.filter((url) => url.endsWith('/dist/task/run-file.js'))).toEqual([]);
  });

  it('loads the run schema once the repository has task runs', () => {
    const root = editedRepository();
    mkdirSync(join(root, '.agent-context/runs'), { recursive: true });
    const loaded = modulesLoadedBy(['evolve', root, '--json'], root);
    expect(loaded.some((url) => url.endsWith('/dist/task/run-file.js'))).toBe(true);
  });
});

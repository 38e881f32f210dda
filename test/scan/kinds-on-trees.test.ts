import { describe, expect, it } from 'vitest';
import { retrieve } from '../../src/api/retrieval.js';
import { loadConfig } from '../../src/config/load.js';
import { scanRepository } from '../../src/scan/scan.js';
import type { FileKind } from '../../src/scan/types.js';
import { makeRepo } from '../helpers/repo.js';

/** Each file's kind as the scan of a real git repository gives it. */
async function kindsOf(files: Record<string, string>): Promise<Record<string, FileKind>> {
  const root = makeRepo(files);
  const { scan } = await scanRepository(root, { config: (await loadConfig(root)).config });
  return Object.fromEntries(scan.files.map((file) => [file.path, file.kind]));
}

const code = 'export const value = 1;\n';

describe('file kinds on real trees', () => {
  it('counts type tests, test helpers and browser tests as tests', async () => {
    const kinds = await kindsOf({
      'package.json': '{"name":"x","type":"module"}',
      'src/pipe.ts': code,
      'test-d/pipe.test-d.ts': code,
      'test-d/helpers/types.ts': code,
      'src/pipe.test-d.ts': code,
      'src/pipe.spec-d.ts': code,
      'typings/index.test-d.ts': code,
      'packages/core/src/node/__tests_dts__/config.ts': code,
      'packages/core/src/node/__tests_dts__/tsconfig.json': '{}',
      'src/__typetests__/pipe.tst.ts': code,
      'type-tests/pipe.ts': code,
      'dtslint/index.ts': code,
      'test-helpers/context.js': code,
      'src/button.cy.tsx': code,
      'test/app.e2e-spec.ts': code,
    });
    expect(kinds).toEqual({
      'package.json': 'config',
      'src/pipe.ts': 'source',
      'test-d/pipe.test-d.ts': 'test',
      'test-d/helpers/types.ts': 'test',
      'src/pipe.test-d.ts': 'test',
      'src/pipe.spec-d.ts': 'test',
      'typings/index.test-d.ts': 'test',
      'packages/core/src/node/__tests_dts__/config.ts': 'test',
      'packages/core/src/node/__tests_dts__/tsconfig.json': 'config',
      'src/__typetests__/pipe.tst.ts': 'test',
      'type-tests/pipe.ts': 'test',
      'dtslint/index.ts': 'test',
      'test-helpers/context.js': 'test',
      'src/button.cy.tsx': 'test',
      'test/app.e2e-spec.ts': 'test',
    });
  });

  it('tells test data in a test tree from the tests and their config', async () => {
    const kinds = await kindsOf({
      'Cargo.toml': '[package]\nname = "x"\n',
      'src/lib.rs': 'pub fn f() {}\n',
      'tests/ui.rs': '#[test]\nfn ui() {}\n',
      'tests/ui/help_flag.toml': 'bin.name = "x"\nargs = ["--help"]\n',
      'tests/derive_ui/bad_attr.rs': 'fn main() {}\n',
      'tests/derive_ui/bad_attr.stderr': 'error: unknown attribute\n',
      'tests/skip_bom.gitignore': 'target/\n',
      'tests/README.md': '# How the tests are laid out\n',
      'tests/tsconfig.json': '{}',
      'crates/complete/tests/snapshots/basic.bash': 'complete -F _x x\n',
      'crates/complete/tests/snapshots/basic.fish': 'complete -c x\n',
      'src/snapshots/x__render__basic.snap': '---\nsource: src/render.rs\n---\nok\n',
      'src/__snapshots__/render.test.ts.snap': 'exports[`x`] = `1`;\n',
    });
    expect(kinds).toEqual({
      'Cargo.toml': 'config',
      'src/lib.rs': 'source',
      'tests/ui.rs': 'test',
      'tests/ui/help_flag.toml': 'fixture',
      'tests/derive_ui/bad_attr.rs': 'test',
      'tests/derive_ui/bad_attr.stderr': 'fixture',
      'tests/skip_bom.gitignore': 'fixture',
      'tests/README.md': 'doc',
      'tests/tsconfig.json': 'config',
      'crates/complete/tests/snapshots/basic.bash': 'fixture',
      'crates/complete/tests/snapshots/basic.fish': 'fixture',
      'src/snapshots/x__render__basic.snap': 'generated',
      'src/__snapshots__/render.test.ts.snap': 'generated',
    });
  });

  it('keeps a file named as a test a test inside a test data folder, and data there data', async () => {
    const kinds = await kindsOf({
      'src/data/restore.ts': code,
      'tests/data/restore.test.ts': code,
      'tests/data/scene.json': '{}',
      'tests/data/cases/comments.py': 'x = 1\n',
      'test/fixtures/all-fail.test.js': code,
    });
    expect(kinds).toEqual({
      'src/data/restore.ts': 'source',
      'tests/data/restore.test.ts': 'test',
      'tests/data/scene.json': 'fixture',
      'tests/data/cases/comments.py': 'fixture',
      'test/fixtures/all-fail.test.js': 'fixture',
    });
  });

  it('ranks the source a task is about above a type test that repeats its words', async () => {
    const root = makeRepo({
      'package.json': '{"name":"spawner","type":"module"}',
      'lib/pipe/streaming.js':
        'export function pipeStreams(source, destination) {\n  // pipe the source stream into the destination\n  return source.pipe(destination);\n}\n',
      'lib/pipe/setup.js':
        "import { pipeStreams } from './streaming.js';\nexport const setup = pipeStreams;\n",
      'test-d/pipe/streaming.test-d.ts':
        "import { expectType } from 'tsd';\nimport { pipeStreams } from '../../lib/pipe/streaming.js';\n// pipe stream types: pipe a stream, pipe the destination stream, pipe options\nexpectType<unknown>(pipeStreams(process.stdin, process.stdout));\nexpectType<unknown>(pipeStreams);\n",
    });
    const result = await retrieve('Fix types of pipe streams with a destination stream', root);
    const files = result.files.map((file) => file.path);
    expect(files[0]).toBe('lib/pipe/streaming.js');
    expect(files).not.toContain('test-d/pipe/streaming.test-d.ts');
  });
});

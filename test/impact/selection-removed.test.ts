/** The words a change gives test selection: block-comment prose gives none; a name it removed weighs as a changed symbol's. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { blockCommentLines } from '../../src/impact/block-comments.js';
import { readChangeTerms } from '../../src/impact/change-terms.js';
import { type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

const TYPES = [
  "import type {Options} from './options.js';",
  '',
  '/**',
  'Runs a command.',
  '',
  '@returns A promise either resolving or rejecting.',
  '*/',
  'export declare const run: (command: string, options?: Options) => Promise<void>;',
  "const banner = '/* not a comment */'; /* trailing */",
  '',
].join('\n');

const NAMES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];

const LIB = [
  'export const runCommand = (file) => spawn(file);',
  'export const runScript = (file) => spawn(file, {shell: true});',
  '',
].join('\n');

/** Every test imports the entry; `iota` still calls `runScript`, `alpha`..`delta` name words of the new line. */
function entryProject(): FileTree {
  const files: FileTree = {
    'package.json': JSON.stringify({ name: 'run', type: 'module', scripts: { test: 'node --test' } }),
    'index.js': "export {runCommand, runScript} from './lib/run.js';\n",
    'lib/run.js': LIB,
  };
  for (const [position, name] of NAMES.entries()) {
    const call = name === 'iota' ? 'runScript' : 'runCommand';
    const extra = position < 4 ? `\n// ${name}: spawn the file with detached and windowsHide\n` : '\n';
    files[`test/${name}.test.js`] =
      `import test from 'node:test';\nimport {${call}} from '../index.js';\ntest('${name}', () => ${call}('${name}'));${extra}`;
  }
  return files;
}

describe('the words of a change', () => {
  it('reads no words from the lines of a block comment, though they have no leading `*`', async () => {
    expect([...blockCommentLines('types/run.d.ts', TYPES)].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7]);
    const root = makeRepo({ 'types/run.d.ts': TYPES });
    writeTree(root, {
      'types/run.d.ts': TYPES.replace(
        'either resolving or rejecting',
        'that settles when the subprocess exits',
      ),
    });
    const read = (path: string) => readFileSync(join(root, path), 'utf8');
    const terms = await readChangeTerms(root, 'HEAD', [{ path: 'types/run.d.ts', symbols: [] }], read);
    expect(terms).toEqual([{ path: 'types/run.d.ts', symbols: [], words: [], parts: [] }]);
  });

  it('ranks first a test that still names what the change removed, and says so', async () => {
    const root = makeRepo(entryProject());
    writeTree(root, {
      'lib/run.js': 'export const runCommand = (file) => spawn(file, {detached: true, windowsHide: true});\n',
      'index.js': "export {runCommand} from './lib/run.js';\n",
    });
    const selection = await selectTests(root);
    const iota = selection.regression.tests.find((test) => test.file === 'test/iota.test.js');
    expect(iota?.reason).toContain('mentions `runScript` (removed from');
    const ranked = [...selection.regression.tests].sort((a, b) => (b.evidence ?? 0) - (a.evidence ?? 0));
    expect(ranked[0]?.file).toBe('test/iota.test.js');
  });
});

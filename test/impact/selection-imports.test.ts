/** A module the change starts importing weighs as a changed symbol; the prose of a message on a changed line weighs little. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { readChangeTerms } from '../../src/impact/change-terms.js';
import { type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

const NAMES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];

/** Every test imports the entry; the first four name, in a comment, `words` (of the change to come). */
function entryProject(words: string, extra: FileTree = {}): FileTree {
  const files: FileTree = {
    'package.json': JSON.stringify({ name: 'run', type: 'module', scripts: { test: 'node --test' } }),
    'index.js': "export {runCommand, runScript} from './lib/run.js';\n",
    'lib/run.js': [
      "import {spawn} from 'node:child_process';",
      'export const runCommand = (file) => spawn(file);',
      'export const runScript = (file) => spawn(file, {shell: true});',
      '',
    ].join('\n'),
    ...extra,
  };
  for (const [position, name] of NAMES.entries()) {
    const call = name === 'iota' ? 'runScript' : 'runCommand';
    const comment = position < 4 ? `\n// ${name}: ${words}\n` : '\n';
    files[`test/${name}.test.js`] =
      `import test from 'node:test';\nimport {${call}} from '../index.js';\ntest('${name}', () => ${call}('${name}'));${comment}`;
  }
  return files;
}

function rankOf(tests: ReadonlyArray<{ file: string; evidence?: number }>, file: string): number {
  const ranked = [...tests].sort((a, b) => (b.evidence ?? 0) - (a.evidence ?? 0));
  return ranked.findIndex((test) => test.file === file) + 1;
}

describe('the modules a change imports', () => {
  const deps =
    "import test from 'node:test';\nimport assert from 'node:assert';\nimport '../index.js';\n" +
    "const allowed = new Set(['picocolors']);\ntest('imports only what is allowed', () => assert.ok(allowed.size));\n";

  it('ranks first a test that names a module the change starts importing, and says so', async () => {
    const root = makeRepo(
      entryProject('spawn it detached, windowsHide, no shell', { 'test/deps.test.js': deps }),
    );
    writeTree(root, {
      'lib/run.js': [
        "import {spawn} from 'node:child_process';",
        "import picocolors from 'picocolors';",
        'export const runCommand = (file) =>',
        '  spawn(file, {detached: true, windowsHide: true, shell: false, color: picocolors.isColorSupported});',
        'export const runScript = (file) => spawn(file, {shell: true});',
        '',
      ].join('\n'),
    });
    const selection = await selectTests(root);
    const found = selection.regression.tests.find((test) => test.file === 'test/deps.test.js');
    expect(found?.reason).toContain('mentions `picocolors` (a module whose import changed in lib/run.js)');
    expect(rankOf(selection.regression.tests, 'test/deps.test.js')).toBe(1);
  });

  it('reads the modules of removed import lines from the base, and leaves the project’s own files to the graph', async () => {
    const root = makeRepo({
      'lib/run.js':
        "import {spawn} from 'node:child_process';\nimport {x} from './x.js';\nexport const run = () => spawn(x);\n",
      'lib/x.js': 'export const x = 1;\n',
    });
    writeTree(root, { 'lib/run.js': "import {x} from './y.js';\nexport const run = () => x;\n" });
    const read = (path: string) => readFileSync(join(root, path), 'utf8');
    const imports = (_path: string, text: string) =>
      [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => ({
        specifier: match[1]!,
        line: text.slice(0, match.index).split('\n').length,
      }));
    const [terms] = await readChangeTerms(root, 'HEAD', [{ path: 'lib/run.js', symbols: [] }], read, imports);
    expect(terms?.modules).toEqual(['child_process']);
  });
});

describe('the prose of a message on a changed line', () => {
  const message = 'slow: prefer running the file directly, without any wrapper around it';

  it('keeps a message’s words apart from the code’s, and never counts them as removed names', async () => {
    const before = `export const run = () => warn('${message}');\n`;
    const root = makeRepo({ 'lib/run.js': before });
    const interpolated = `\`spawning $\{file} takes long\``;
    writeTree(root, { 'lib/run.js': `export const run = () => warn(${interpolated}, 'esbuild');\n` });
    const read = (path: string) => readFileSync(join(root, path), 'utf8');
    const [terms] = await readChangeTerms(root, 'HEAD', [{ path: 'lib/run.js', symbols: [] }], read);
    expect(terms?.words).toEqual(['const', 'esbuild', 'export', 'file', 'run', 'warn']);
    expect(terms?.said).toEqual(
      'any around directly long prefer running slow spawning takes the without wrapper'.split(' '),
    );
    expect(terms?.gone).toBeUndefined();
  });

  it('ranks a test that calls the changed function above tests that share words with its message', async () => {
    const root = makeRepo(entryProject(`${message}, spawning slowly`));
    writeTree(root, {
      'lib/run.js': [
        "import {spawn} from 'node:child_process';",
        'export const runCommand = (file) => spawn(file);',
        'export const runScript = (file) => {',
        `  process.emitWarning('runScript is ${message}');`,
        '  return spawn(file, {shell: true});',
        '};',
        '',
      ].join('\n'),
    });
    const selection = await selectTests(root);
    expect(rankOf(selection.regression.tests, 'test/iota.test.js')).toBe(1);
  });
});

/** `benchmark tests` at case level: the commit's changed cases as gold, units a selection runs, data files' readers. */
import { describe, expect, it } from 'vitest';
import { caseGold, caseSuite, dataReaders, unitsRun } from '../../src/bench/tests-cases.js';
import { git, makeRepo, writeTree } from '../helpers/repo.js';

const before = [
  "const { it } = require('node:test')",
  "it('pads', () => {",
  '  pad(1)',
  '})',
  "it('trims', () => {",
  '  trim(1)',
  '})',
  '',
].join('\n');

describe('benchmark tests, case level', () => {
  it('gold is the changed cases that existed before; an added case is counted, not gold; a whole file covers all', async () => {
    const root = makeRepo({
      'test/a.test.js': before,
      'test/ui.test.js': "read('test/ui/')\n",
      'test/ui/x.toml': 'a=1\n',
    });
    const parent = git(root, 'rev-parse', 'HEAD').trim();
    writeTree(root, {
      'test/a.test.js': before.replace('  trim(1)', '  trim(2)') + "it('wraps', () => {\n  wrap(1)\n})\n",
      'test/ui/x.toml': 'a=2\n',
    });
    git(root, 'commit', '-qam', 'change');
    const sha = git(root, 'rev-parse', 'HEAD').trim();
    const { readFileSync } = await import('node:fs');
    const readParent = (path: string) =>
      path === 'test/a.test.js' ? before : readFileSync(`${root}/${path}`, 'utf8');
    const suite = caseSuite(['test/a.test.js', 'test/ui.test.js'], readParent);
    expect(suite.count).toBe(3);
    const gold = await caseGold(root, { sha, parent }, ['test/a.test.js'], suite);
    expect(gold).toEqual({ units: ['test/a.test.js > trims'], added: 1 });
    const narrowed = unitsRun(
      [
        {
          file: 'test/a.test.js',
          runner: 'node-test',
          level: 'minimal',
          reason: '',
          evidence: 1,
          cases: [{ name: 'pads', titles: ['pads'], line: 2, endLine: 4 }],
        },
      ],
      suite,
    );
    expect([narrowed.count, narrowed.covers('test/a.test.js > trims')]).toEqual([1, false]);
    const whole = unitsRun(
      [{ file: 'test/a.test.js', runner: 'node-test', level: 'minimal', reason: '', evidence: 1 }],
      suite,
    );
    expect([whole.count, whole.covers('test/a.test.js > trims')]).toEqual([2, true]);
    expect(
      dataReaders(['test/ui/x.toml', 'test/other/y.json'], ['test/a.test.js', 'test/ui.test.js'], readParent),
    ).toEqual({
      readers: ['test/ui.test.js'],
      unread: ['test/other/y.json'],
    });
  });

  it('a case changed in spaces alone, or touched only at a bracket an added neighbour shares, is not gold', async () => {
    const grouped = [
      "const { describe, it } = require('node:test')",
      "describe('tokens', () => {",
      "  describe(':status', () => {",
      "    it('gets the status', () => {",
      '      check(status)',
      '    })',
      '  })',
      '})',
      '',
    ].join('\n');
    const root = makeRepo({ 'test/a.test.js': grouped });
    const parent = git(root, 'rev-parse', 'HEAD').trim();
    const extended = grouped
      .replace('      check(status)', '        check(status)')
      .replace(
        '  })\n})',
        "  })\n\n  describe(':url', () => {\n    it('gets the url', () => {\n      check(url)\n    })\n  })\n})",
      );
    writeTree(root, { 'test/a.test.js': extended });
    git(root, 'commit', '-qam', 'add a token test');
    const sha = git(root, 'rev-parse', 'HEAD').trim();
    const suite = caseSuite(['test/a.test.js'], (path) => (path === 'test/a.test.js' ? grouped : undefined));
    const gold = await caseGold(root, { sha, parent }, ['test/a.test.js'], suite);
    expect(gold).toEqual({ units: [], added: 1 });
  });
});

describe('benchmark tests, data files end to end', () => {
  it('a commit that changed a source and a snapshot under the tests counts the test that reads the snapshot', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'ui', scripts: { test: 'node --test' } }),
      'lib/render.js': "module.exports = (name) => 'Usage: ' + name;\n",
      'tests/render.test.js':
        "const test = require('node:test');\nconst render = require('../lib/render.js');\ntest('renders', () => render('x'));\n",
      'tests/ui.test.js':
        "const test = require('node:test');\nconst fs = require('node:fs');\ntest('snapshots', () => fs.readdirSync('tests/ui/'));\n",
      'tests/ui/help.toml': 'stdout = "Usage: x"\n',
    });
    writeTree(root, {
      'lib/render.js': "module.exports = (name) => 'usage: ' + name;\n",
      'tests/ui/help.toml': 'stdout = "usage: x"\n',
    });
    git(root, 'commit', '-qam', 'render: lower-case usage');
    const { benchmarkTests } = await import('../../src/bench/tests.js');
    const result = await benchmarkTests(root, { commits: 1 });
    expect(result.skipped).toEqual([]);
    expect(result.cases.map((entry) => [entry.gold, entry.data])).toEqual([
      [['tests/ui.test.js'], { readers: ['tests/ui.test.js'], unread: [] }],
    ]);
  });
});

/**
 * `benchmark gate` on a small real repository: its mutations are broken changes (the removed
 * export is one an importer still takes), and verify blocks every one.
 */
import { describe, expect, it } from 'vitest';
import { benchmarkGate } from '../../src/bench/gate.js';
import { makeRepo } from '../helpers/repo.js';

describe('benchmark gate', () => {
  it('removes an export an importer still takes by name, once through ESM and once through CommonJS', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'tool', version: '1.0.0', type: 'module' }),
      // `aUnused` comes first and is exported, but nobody imports it: removing it breaks nothing.
      'lib/a.js': 'export const aUnused = 1;\nexport function used() {\n  return 2;\n}\n',
      'lib/b.js': "import { used } from './a.js';\nexport const b = used();\n",
      'lib/legacy.cjs': "'use strict';\nexports.alpha = 1;\nexports.beta = 2;\n",
      'lib/user.cjs': "'use strict';\nconst { beta } = require('./legacy.cjs');\nexports.user = beta;\n",
    });
    const result = await benchmarkGate(root, { commits: 0 });
    const removed = result.cases.filter((entry) => entry.kind === 'removed-export');
    expect(removed.map((entry) => entry.subject)).toEqual([
      'used of lib/a.js (imported by lib/b.js)',
      'beta of lib/legacy.cjs (destructured from require by lib/user.cjs)',
    ]);
    expect(removed.map((entry) => entry.verdict)).toEqual(['fail', 'fail']);
    expect(result.perKind['removed-export']).toEqual({ cases: 2, falsePass: 0, falseBlock: 0 });
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hallucination, traceAdd, traceStart } from '../../src/api/index.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';

const base = {
  'package.json': JSON.stringify({
    name: 'shop',
    type: 'module',
    scripts: { build: 'tsc', test: 'vitest run', lint: 'biome check .' },
    dependencies: { express: '^4', lodash: '^4', '@scope/pkg': '^1' },
    devDependencies: { '@types/only-types': '^1', vitest: '^1' },
  }),
  Makefile: 'build:\n\ttsc\ntest:\n\tnpm test\n.PHONY: build test\n',
  'tsconfig.json': '{\n  // comments are fine\n  "compilerOptions": {\n    "strict": true,\n  }\n}\n',
  'src/price.ts':
    'export function price(quantity: number): number {\n  return quantity * 100;\n}\nexport interface Quote { total: number }\n',
  'src/money.ts':
    'export default function money(cents: number): string {\n  return String(cents / 100);\n}\n',
  'src/utils.ts': 'export const clamp = (n: number) => Math.max(0, n);\n',
  'src/index.ts': "export * from './price.js';\nexport { clamp } from './utils.js';\n",
  'src/server.ts': "import express from 'express';\nexport const app = express();\n",
  'packages/ui/package.json': JSON.stringify({ name: '@shop/ui', dependencies: { react: '^18' } }),
  'packages/ui/src/button.ts': 'export const Button = 1;\n',
  'tools/requirements.txt': 'requests>=2.31\nPyYAML==6.0.1  # config files\n',
  'tools/sync.py': 'import os\n',
};

/** Each case adds files (the change) and/or says something (the messages); expected rules, [] for real ones. */
const cases: Array<{ name: string; files?: Record<string, string>; messages?: string; expect: string[] }> = [
  {
    name: 'declared package',
    files: { 'src/c1.ts': "import express from 'express';\nexport const a = express;\n" },
    expect: [],
  },
  {
    name: 'node builtin with prefix',
    files: { 'src/c2.ts': "import { readFile } from 'node:fs/promises';\nexport { readFile };\n" },
    expect: [],
  },
  {
    name: 'node builtin without prefix',
    files: { 'src/c3.ts': "import path from 'path';\nexport const p = path.sep;\n" },
    expect: [],
  },
  {
    name: 'declared scoped package',
    files: { 'src/c4.ts': "import thing from '@scope/pkg';\nexport { thing };\n" },
    expect: [],
  },
  {
    name: 'types-only package',
    files: { 'src/c5.ts': "import type { Foo } from 'only-types';\nexport type Bar = Foo;\n" },
    expect: [],
  },
  {
    name: 'subpath of a declared package',
    files: { 'src/c6.ts': "import fp from 'lodash/fp';\nexport { fp };\n" },
    expect: [],
  },
  {
    name: 'existing named export',
    files: { 'src/c7.ts': "import { price } from './price.js';\nexport const p = price(1);\n" },
    expect: [],
  },
  {
    name: 'existing default export',
    files: { 'src/c8.ts': "import money from './money.js';\nexport const m = money(1);\n" },
    expect: [],
  },
  {
    name: 'name through an export-star barrel',
    files: { 'src/c9.ts': "import { price, clamp } from './index.js';\nexport const v = clamp(price(1));\n" },
    expect: [],
  },
  {
    name: 'namespace import',
    files: { 'src/c10.ts': "import * as utils from './utils.js';\nexport const u = utils;\n" },
    expect: [],
  },
  {
    name: 'type-only import of an interface',
    files: { 'src/c11.ts': "import type { Quote } from './price.js';\nexport type Q = Quote;\n" },
    expect: [],
  },
  {
    name: 'require of a declared package',
    files: { 'src/c12.cjs': "const _ = require('lodash');\nmodule.exports = _;\n" },
    expect: [],
  },
  {
    name: 'workspace package dependency',
    files: { 'packages/ui/src/c13.ts': "import React from 'react';\nexport const r = React;\n" },
    expect: [],
  },
  {
    name: 'valid tsconfig option',
    files: {
      'tsconfig.build.json': '{ "compilerOptions": { "noUncheckedIndexedAccess": true, "outDir": "dist" } }',
    },
    expect: [],
  },
  {
    name: 'scripts that exist',
    messages: 'I ran `npm run build` and `npm test`, then `pnpm lint`.',
    expect: [],
  },
  { name: 'make target that exists', messages: 'Verified with `make test`.', expect: [] },
  { name: 'package manager builtins', messages: 'Ran `yarn install` and `npm ci` first.', expect: [] },
  { name: 'prose "make sure"', messages: 'Make sure to run the tests before merging.', expect: [] },
  { name: 'files that exist', messages: 'I updated `src/price.ts` and fixed src/server.ts.', expect: [] },
  { name: 'a version number is not a file', messages: 'Updated lodash to 4.17.21.', expect: [] },
  {
    name: 'python: declared package and stdlib',
    files: {
      'tools/fetch.py':
        'import os\nimport requests\n\ndef fetch(url):\n    return requests.get(url, timeout=os.cpu_count())\n',
    },
    expect: [],
  },
  {
    name: 'python: import name differs from the distribution (yaml / PyYAML)',
    files: { 'tools/load.py': 'import yaml\n\ndef load(text):\n    return yaml.safe_load(text)\n' },
    expect: [],
  },
  {
    name: 'python: undeclared package',
    files: { 'tools/stats.py': 'import numpy as np\n\ndef mean(values):\n    return np.mean(values)\n' },
    expect: ['undeclared-package'],
  },
  {
    name: 'undeclared package',
    files: { 'src/h1.ts': "import pad from 'left-pad-ultra';\nexport { pad };\n" },
    expect: ['undeclared-package'],
  },
  {
    name: 'undeclared required package',
    files: { 'src/h2.cjs': "const x = require('undeclared-cjs');\nmodule.exports = x;\n" },
    expect: ['undeclared-package'],
  },
  {
    name: 'package declared only in another workspace',
    files: { 'src/h3.ts': "import React from 'react';\nexport const r = React;\n" },
    expect: ['undeclared-package'],
  },
  {
    name: 'typo in a relative import',
    files: { 'src/h4.ts': "import { clamp } from './utlis.js';\nexport { clamp };\n" },
    expect: ['missing-module'],
  },
  {
    name: 'invented named export',
    files: { 'src/h5.ts': "import { pricee } from './price.js';\nexport { pricee };\n" },
    expect: ['missing-export'],
  },
  {
    name: 'default import of a module without one',
    files: { 'src/h6.ts': "import price from './price.js';\nexport { price };\n" },
    expect: ['missing-export'],
  },
  {
    name: 'invented name through a barrel',
    files: { 'src/h7.ts': "import { discount } from './index.js';\nexport { discount };\n" },
    expect: ['missing-export'],
  },
  {
    name: 'invented npm script',
    messages: 'All good: `npm run typecheck` passes.',
    expect: ['missing-script'],
  },
  { name: 'invented pnpm script', messages: 'Ran `pnpm lintt`.', expect: ['missing-script'] },
  {
    name: 'invented make target',
    messages: 'Shipped it with `make deploy`.',
    expect: ['missing-make-target'],
  },
  {
    name: "typo'd path in a claim",
    messages: 'I edited `src/utlis.ts` to clamp negatives.',
    expect: ['missing-file'],
  },
  {
    name: 'invented compiler option',
    files: { 'tsconfig.extra.json': '{ "compilerOptions": { "strictNullCheck": true } }' },
    expect: ['unknown-config-key'],
  },
  {
    name: 'unknown key in our config',
    files: { 'opencode-plusplus.config.json': '{ "contex": {} }' },
    expect: ['unknown-config-key'],
  },
];

describe('hallucination guard', () => {
  let root: string;
  beforeAll(() => {
    root = makeRepo(base);
    for (const entry of cases) if (entry.files) writeTree(root, entry.files);
  });

  it.each(cases)('$name', async (entry) => {
    const report = await hallucination(root, {
      changedFiles: Object.keys(entry.files ?? {}),
      ...(entry.messages ? { messages: entry.messages } : {}),
    });
    expect(report.findings.map((finding) => finding.rule)).toEqual(entry.expect);
    for (const finding of report.findings) expect(finding.evidence.length).toBeGreaterThan(0);
  });

  it('has at least 20 cases and no false positive on the real ones', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(cases.filter((entry) => entry.expect.length === 0).length).toBeGreaterThanOrEqual(10);
  });

  it('suggests the likely intended name', async () => {
    const report = await hallucination(root, {
      changedFiles: ['src/h4.ts', 'tsconfig.extra.json'],
      messages: 'Ran `npm run buld`.',
    });
    const messages = report.findings.map((finding) => finding.message).join('\n');
    expect(messages).toContain('did you mean src/utils.ts?');
    expect(messages).toContain('did you mean strictNullChecks?');
    expect(messages).toContain('did you mean build?');
  });

  it('checks trace steps, and the CLI exits 1 on a blocking finding', async () => {
    const trace = await traceStart(root, { task: 'guard the trace' });
    await traceAdd(root, trace.id, { kind: 'edit', message: 'edited the helper', files: ['src/helperz.ts'] });
    const report = await hallucination(root, { changedFiles: [], traceId: trace.id });
    expect(report.findings.map((finding) => finding.rule)).toEqual(['missing-file']);
    const clean = makeRepo(base);
    writeFileSync(join(clean, 'notes.md'), 'I ran `npm run build`.\n');
    expect(runCli(['hallucination', clean, '--message-file', join(clean, 'notes.md')], clean).code).toBe(0);
    writeTree(clean, { 'src/bad.ts': "import nope from 'not-declared-anywhere';\nexport { nope };\n" });
    const blocked = runCli(['hallucination', clean, '--json'], clean);
    expect(blocked.code).toBe(1);
    expect(JSON.parse(blocked.stdout).findings[0]).toMatchObject({
      rule: 'undeclared-package',
      file: 'src/bad.ts',
      line: 1,
    });
  });
});

/** A small real project for the orchestrator's scenarios, and mock scripts that act on it. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

export const TASK = 'make add in src/math.js accept numeric strings';

export const MATH_TEST =
  "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { add } from '../src/math.js';\ntest('adds', () => assert.equal(add(1, 2), 3));\n";

export const project = {
  'package.json': JSON.stringify({ name: 'loopy', type: 'module', scripts: { test: 'node --test test/' } }),
  'package-lock.json': '{"name":"loopy","lockfileVersion":3,"requires":true,"packages":{}}\n',
  'src/math.js': '/** Adds numbers. */\nexport function add(a, b) {\n  return a + b;\n}\n',
  'src/format.js':
    "import { add } from './math.js';\nexport function total(items) {\n  return String(items.reduce(add, 0));\n}\n",
  'test/math.test.js': MATH_TEST,
};

export const FIXED_MATH =
  '/** Adds numbers. */\nexport function add(a, b) {\n  return Number(a) + Number(b);\n}\n';
export const BROKEN_MATH = '/** Adds numbers. */\nexport function add(a, b) {\n  return a - b;\n}\n';
export const STRING_TEST = `${MATH_TEST}test('adds strings', () => assert.equal(add('1', '2'), 3));\n`;

export function makeProject(): string {
  return makeRepo(project);
}

export type MockStep = {
  write?: Record<string, string>;
  delete?: string[];
  message?: string;
  exitCode?: number;
};

export function writeScript(steps: MockStep[]): string {
  const file = join(makeTempDir('ocpp-script-'), 'script.json');
  writeFileSync(file, JSON.stringify({ schemaVersion: 1, iterations: steps }));
  return file;
}

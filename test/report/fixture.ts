/**
 * A small repository with everything the report shows: a cycle, a layer violation, a test, a
 * lesson served and ignored, a pending and an approved proposal, a task run and an orchestrator
 * run whose iterations are written in the documented on-disk shape (issue #19) — one of them
 * lacking files the format names, and carrying a field and a file the report does not know.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryAdd, memoryApprove, recordIgnored, recordServed } from '../../src/api/index.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';

export const FIXTURE_FILES = {
  'package.json': JSON.stringify({ name: 'shop', type: 'module', scripts: { test: 'vitest run' } }),
  'src/ui/view.ts': "import { load } from '../db/store.js';\nexport const view = () => load();\n",
  'src/db/store.ts': "import { format } from './format.js';\nexport const load = () => format(1);\n",
  'src/db/format.ts':
    "import { load } from './store.js';\nexport const format = (n: number) => String(n);\nexport const again = () => load();\n",
  'src/checkout/total.ts':
    '/** Adds up a basket; rounds once at the end. */\nexport function total(prices: number[]): number {\n  return prices.reduce((a, b) => a + b, 0);\n}\n',
  'src/checkout/hostile.ts':
    '/** </script><img src=x onerror=alert(1)> & "quotes" */\nexport const evil = 1;\n',
  'test/total.test.ts': "import { total } from '../src/checkout/total.js';\ntotal([1]);\n",
};

export const ORCHESTRATOR_RUN = 'run-20260101-abc';
export const TASK_ID = 'fix-rounding-1a2b3c';

export async function makeReportFixture(): Promise<string> {
  const root = makeRepo(FIXTURE_FILES);
  const built = await runCliInProcess(['build', root, '--json']);
  if (built.code !== 0) throw new Error(`build failed: ${built.stderr}`);
  writeTree(root, {
    '.agent-context/contracts/architecture.contract.json': `${JSON.stringify(
      {
        schemaVersion: 1,
        layers: [
          { name: 'ui', paths: ['src/ui/**'], mayImport: [] },
          { name: 'db', paths: ['src/db/**'], mayImport: [] },
        ],
      },
      null,
      2,
    )}\n`,
  });
  await addLessons(root);
  writeRuns(root);
  return root;
}

async function addLessons(root: string): Promise<void> {
  const now = new Date('2026-01-02T00:00:00Z');
  const first = await memoryAdd('Round money once, at the end of the basket total.', root, { now });
  await memoryAdd('Run the checkout tests after touching src/checkout.', root, { now });
  const id = first.type === 'lesson' ? first.lesson.id : '';
  await recordServed(root, { via: 'pack', target: TASK_ID, lessons: [id] }, { now });
  await recordIgnored(root, [id], 'session-1', { now });
  await memoryAdd('1. run the tests\n2. read the diff', root, { proposal: 'Review checklist', now });
  const second = await memoryAdd('1. build\n2. report', root, { proposal: 'Release steps', now });
  if (second.type === 'proposal') await memoryApprove(second.proposal.id, root);
}

function writeJson(root: string, path: string, value: unknown): void {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function writeRuns(root: string): void {
  const run = `.agent-context/orchestrator/${ORCHESTRATOR_RUN}`;
  writeJson(root, `${run}/state.json`, {
    schemaVersion: 1,
    runId: ORCHESTRATOR_RUN,
    taskId: TASK_ID,
    task: 'fix the rounding in checkout',
    phase: 'Finalize',
    iteration: 2,
    futureField: { kept: true },
  });
  const iterations = `.agent-context/runs/${TASK_ID}/iterations`;
  writeJson(root, `${iterations}/001/iteration.json`, { iteration: 1, evidence: ['npm test: exit 1'] });
  writeJson(root, `${iterations}/001/decision.json`, {
    action: 'repair',
    reason: 'tests fail: test/total.test.ts',
    priority: 3,
    confidence: 0.9,
    blocking: true,
  });
  writeJson(root, `${iterations}/001/guard.findings.json`, [
    {
      id: 'g1',
      guard: 'hallucination',
      rule: 'invented-import',
      severity: 'blocking',
      message: 'imports ./money.js, which does not exist',
      file: 'src/checkout/total.ts',
      line: 1,
    },
  ]);
  writeFileSync(
    join(root, `${iterations}/001/diff.patch`),
    '--- a/src/checkout/total.ts\n+++ b/src/checkout/total.ts\n@@ -1 +1 @@\n-old line\n+new line\n',
  );
  writeJson(root, `${iterations}/002/decision.json`, {
    action: 'finalize',
    reason: 'all gates pass',
    confidence: 1,
    blocking: false,
  });
  writeFileSync(join(root, `${iterations}/002/notes.custom`), 'a file the report does not know\n');
  writeJson(root, `.agent-context/runs/${TASK_ID}/run.json`, {
    schemaVersion: 1,
    taskId: TASK_ID,
    task: 'fix the rounding in checkout',
  });
  writeJson(root, `.agent-context/runs/${TASK_ID}/state.json`, {
    schemaVersion: 1,
    taskId: TASK_ID,
    state: 'READY_FOR_REVIEW',
  });
}

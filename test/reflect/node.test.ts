import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedArtifacts } from '../../src/reflect/diff.js';
import { parseFiles, parsePlan, summarizeDirectory } from '../../src/reflect/input.js';
import { readRunLog } from '../../src/reflect/log.js';
import { planActualDiff } from '../../src/shared/plan-actual-diff.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeTempDir, writeTree } from '../helpers/repo.js';

const plan = {
  goal: 'Ship the report',
  subtasks: [
    { id: 's1', description: 'data', expected_artifact: 'out/data.csv' },
    { id: 's2', description: 'text', expected_artifact: 'out/report.md' },
  ],
};

function workspace(files: Record<string, unknown> = {}): string {
  const root = makeTempDir('ocpp-node-');
  writeTree(root, { 'plan.json': JSON.stringify(plan), 'files.json': JSON.stringify(files) });
  return root;
}

const cli = (root: string, ...args: string[]) =>
  runCliInProcess(['reflect', '--plan', 'plan.json', ...args], root);

describe('planActualDiff', () => {
  it('splits expected and produced into missing, unplanned and overlap with a ratio', () => {
    const diff = planActualDiff(
      expectedArtifacts({
        goal: '',
        subtasks: [...plan.subtasks, { id: 's3', description: '', expected_artifact: 'out/chart.png' }],
      }),
      ['./out/data.csv', 'scratch.txt'],
    );
    expect(diff).toEqual({
      expected_not_produced: ['out/chart.png', 'out/report.md'],
      produced_not_expected: ['scratch.txt'],
      overlap: ['out/data.csv'],
      completion_ratio: 0.333,
    });
  });

  it('gives an empty plan a ratio of 0 for the loop and the reflector alike, and any overlap 1 for alternatives', () => {
    expect(planActualDiff([], ['src/a.ts']).completion_ratio).toBe(0);
    expect(planActualDiff([], ['src/a.ts'], 'any').completion_ratio).toBe(0);
    expect(planActualDiff(['a.ts', 'b.ts', 'c.ts'], ['b.ts'], 'any').completion_ratio).toBe(1);
    expect(planActualDiff(['a.ts', 'b.ts'], ['b.ts']).completion_ratio).toBe(0.5);
  });
});

describe('reflect: the run log', () => {
  it('appends one record per reflection and resumes the depth from the log', async () => {
    const root = workspace({ 'out/data.csv': { status: 'done', bytes: 10, age_steps: 0 } });
    const first = JSON.parse((await cli(root, '--files', 'files.json', '--json')).stdout);
    const second = JSON.parse((await cli(root, '--files', 'files.json', '--json')).stdout);
    expect([first.depth, second.depth]).toEqual([1, 2]);
    expect(first.run_id).toMatch(/^plan-[0-9a-f]{12}$/);
    expect(second.run_id).toBe(first.run_id);
    const records = await readRunLog(root, first.run_id);
    expect(records.map((record) => record.depth)).toEqual([1, 2]);
    expect(records[0]).toMatchObject({
      schemaVersion: 1,
      reflector: 'offline',
      workload: 'coding',
      depth_cap: 5,
      inputs: {
        plan: expect.stringMatching(/^[0-9a-f]{64}$/),
        files: expect.any(String),
        goal: expect.any(String),
      },
    });
    const explicit = JSON.parse(
      (await cli(root, '--files', 'files.json', '--depth', '0', '--run-id', 'other', '--json')).stdout,
    );
    expect(explicit).toMatchObject({ run_id: 'other', depth: 1 });
  });

  it('gives the same decision for the same inputs', async () => {
    const files = {
      'out/data.csv': { status: 'done', bytes: 10 },
      'out/report.md': { status: 'done', bytes: 5 },
    };
    const strip = (text: string) => {
      const { log: _log, ...rest } = JSON.parse(text);
      return rest;
    };
    const a = strip((await cli(workspace(files), '--files', 'files.json', '--json')).stdout);
    const b = strip((await cli(workspace(files), '--files', 'files.json', '--json')).stdout);
    expect(a).toEqual(b);
    expect(a.decision).toBe('end');
    expect(a.final_answer).toContain('out/report.md');
  });

  it('prints an escalation as a question with numbered answers and exits 1', async () => {
    const root = workspace({
      'out/data.csv': { status: 'done', bytes: 10 },
      'out/report.md': { status: 'failed' },
    });
    await cli(root, '--files', 'files.json');
    const run = await cli(root, '--files', 'files.json');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'Subtask s2 (out/report.md) failed twice. Should the run retry it another way, drop it, or stop here?',
    );
    expect(run.stdout).toMatch(/\n {2}1\. Retry s2 with a different approach\n {2}2\. /);
    expect(run.stdout).toContain('ready for review: out/data.csv');
  });

  it('reads a directory of artifacts without their contents', async () => {
    const root = workspace();
    writeTree(root, {
      'work/out/data.csv': 'a,b\n',
      'work/out/report.md': '',
      'work/out/chart.png': 'png',
      'work/out/chart.png.failed': 'render error',
    });
    expect(await summarizeDirectory(join(root, 'work'))).toEqual([
      { name: 'out/chart.png', status: 'failed', bytes: 3, age_steps: 0 },
      { name: 'out/data.csv', status: 'done', bytes: 4, age_steps: 0 },
      { name: 'out/report.md', status: 'active', bytes: 0, age_steps: 0 },
    ]);
    const run = JSON.parse((await cli(root, '--from-dir', 'work', '--json')).stdout);
    expect(run.diff.overlap).toEqual(['out/data.csv', 'out/report.md']);
  });
});

describe('reflect: bad input', () => {
  const expectError = async (root: string, args: string[], pattern: RegExp) => {
    const run = await cli(root, ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(pattern);
    return run;
  };

  it('a plan that is not JSON names the file and line', async () => {
    const root = workspace();
    writeFileSync(join(root, 'plan.json'), '{\n  "goal": "x",\n  subtasks: []\n}');
    await expectError(root, [], /plan\.json:3:\d+: invalid JSON[\s\S]*hint: a plan is a JSON object/);
  });

  it('a plan without subtasks says what is needed', async () => {
    const root = workspace();
    writeFileSync(join(root, 'plan.json'), JSON.stringify({ goal: 'x', subtasks: [] }));
    await expectError(root, [], /plan\.json: subtasks: the plan has no subtasks/);
    writeFileSync(join(root, 'plan.json'), JSON.stringify({ goal: 'x' }));
    await expectError(root, [], /plan\.json: subtasks: /);
    expect(() => parsePlan({ subtasks: [{ id: 'a', expected_artifact: ' ' }] }, 'p.json')).toThrow(
      /subtasks\.0\.expected_artifact/,
    );
    expect(() =>
      parsePlan(
        {
          subtasks: [
            { id: 'a', expected_artifact: 'x' },
            { id: 'a', expected_artifact: 'y' },
          ],
        },
        'p.json',
      ),
    ).toThrow(/duplicate subtask id "a"/);
  });

  it('files with an unknown status name the file, the artifact and the allowed statuses', async () => {
    const root = workspace({ 'out/data.csv': { status: 'pending', bytes: 1 } });
    const run = await expectError(
      root,
      ['--files', 'files.json'],
      /files\.json: out\/data\.csv\.status: unknown status "pending"; expected one of active, done, failed/,
    );
    expect(run.stdout).toBe('');
    expect(() => parseFiles([{ name: 'a', status: 'done', bytes: -1 }], 'f.json')).toThrow(
      /^0\.bytes: Too small/,
    );
    expect(
      parseFiles([
        { name: 'b', status: 'done' },
        { name: 'a', status: 'active', bytes: 3 },
      ]),
    ).toEqual([
      { name: 'a', status: 'active', bytes: 3, age_steps: 0 },
      { name: 'b', status: 'done', bytes: 0, age_steps: 0 },
    ]);
  });

  it('at or above the depth cap the node returns the forced escalation, with its question', async () => {
    const root = workspace({ 'out/data.csv': { status: 'done', bytes: 10 } });
    for (const [args, depth] of [
      [['--depth', '5'], 5],
      [['--depth', '7', '--workload', 'coding'], 7],
      [['--depth', '3', '--workload', 'interactive'], 3],
    ] as const) {
      const run = await cli(root, '--files', 'files.json', ...args, '--run-id', `cap-${depth}`, '--json');
      expect(run.stderr).toBe('');
      // Exit 1, a person must answer; never the usage error (2) it used to be.
      expect(run.code).toBe(1);
      const result = JSON.parse(run.stdout);
      expect(result).toMatchObject({ decision: 'escalate', depth, reflector: 'offline', calls: [] });
      expect(result.question).toMatch(new RegExp(`^Reflection depth ${depth} reached without converging\\.`));
      expect(result.suggested_responses.length).toBeGreaterThanOrEqual(2);
      expect(result.overrides).toEqual([expect.objectContaining({ rule: 'depth-cap', to: 'escalate' })]);
    }
  });

  it('a depth that is not a whole number from 0 to 10 is refused', async () => {
    const root = workspace();
    await expectError(root, ['--depth', '11'], /depth 11 is not a whole number from 0 to 10/);
    await expectError(root, ['--depth', 'two'], /--depth must be a whole number/);
    await expectError(root, ['--workload', 'poetry'], /unknown workload "poetry"/);
    await expectError(root, ['--run-id', '../escape'], /"\.\.\/escape" is not a run id/);
  });

  it('a configured depth cap above 10 is a config error', async () => {
    const root = workspace();
    writeFileSync(
      join(root, 'opencode-plusplus.config.json'),
      JSON.stringify({ reflection: { depthCap: 12 } }),
    );
    await expectError(root, [], /reflection\.depthCap: Too big: expected number to be <=10/);
  });

  it('--json prints one JSON error document on bad input', async () => {
    const root = workspace({ x: { status: 'weird' } });
    const run = await cli(root, '--files', 'files.json', '--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'INPUT_INVALID', key: 'x.status' });
  });

  it('a run log line from a newer tool is a clear error, never overwritten', async () => {
    const root = workspace();
    const first = JSON.parse((await cli(root, '--json')).stdout);
    const path = join(root, first.log);
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"schemaVersion":9,"depth":2}\n`);
    await expectError(root, [], /reflections\/plan-[0-9a-f]+\.jsonl:2: schemaVersion 9 is newer/);
    expect(readFileSync(path, 'utf8')).toContain('"schemaVersion":9');
  });
});

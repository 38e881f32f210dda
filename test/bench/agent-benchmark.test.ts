/**
 * `benchmark-agent` end to end on the shipped suite: real fresh copies, the real orchestrator and
 * gates in loop mode, the hidden checks run as child processes. The agents are scripted: the mock
 * executor (a wrong fix, then the right one) and a `command` executor, a real child process that
 * records the prompt it was given and reports token usage the way agent CLIs do.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/repo.js';

const SUITE_DIR = fileURLToPath(new URL('../../bench/agent-suite/', import.meta.url));
const SUITE = join(SUITE_DIR, 'suite.json');

function filesOf(directory: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(directory, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(directory);
  return files;
}

function mockScript(...steps: string[]): string {
  const file = join(makeTempDir('ocpp-bench-script-'), 'script.json');
  writeFileSync(
    file,
    JSON.stringify({
      schemaVersion: 1,
      iterations: steps.map((dir) => ({ write: filesOf(join(SUITE_DIR, dir)) })),
    }),
  );
  return file;
}

/** A scripted agent CLI: logs the prompt, copies a solution into its working tree, reports usage. */
function commandAgent(): { template: string; log: string } {
  const folder = makeTempDir('ocpp-bench-agent-');
  const log = join(folder, 'prompts.jsonl');
  const program = join(folder, 'agent.mjs');
  writeFileSync(
    program,
    `import { appendFileSync, cpSync, readFileSync } from 'node:fs';
const prompt = readFileSync(process.argv[2], 'utf8');
appendFileSync(process.env.AGENT_LOG, JSON.stringify({ cwd: process.cwd(), prompt }) + '\\n');
cpSync(process.env.SOLUTION_DIR, process.cwd(), { recursive: true });
console.log(JSON.stringify({ type: 'usage', inputTokens: 1200, outputTokens: 300, costUsd: 0.0042 }));
console.log(JSON.stringify({ type: 'message', text: 'done' }));
`,
  );
  return { template: `${process.execPath} ${program} {promptFile}`, log };
}

describe('benchmark-agent', () => {
  it('shows loop mode solving what a one-shot wrong fix cannot, with no false finalize in loop mode', async () => {
    const script = mockScript('wrong/js-checkout-rounding', 'solutions/js-checkout-rounding');
    const out = makeTempDir('ocpp-bench-out-');
    const run = await runCliInProcess([
      'benchmark-agent',
      SUITE,
      '--executor',
      'mock',
      '--script',
      script,
      '--only',
      'js-checkout-rounding',
      '--modes',
      'no-context,loop',
      '--out',
      out,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    const [oneShot, loop] = report.tasks;
    expect(oneShot).toMatchObject({
      mode: 'no-context',
      solved: false,
      finalized: true,
      falseFinalize: true,
      loops: 1,
    });
    expect(loop).toMatchObject({
      mode: 'loop',
      solved: true,
      falseFinalize: false,
      decision: 'finalize',
      loops: 2,
    });
    expect(loop.changedFiles).toEqual(expect.arrayContaining(['lib/money.js', 'test/cart.test.js']));
    expect(report.modes['no-context']).toMatchObject({ tasks: 1, solved: 0, falseFinalizes: 1, loops: 1 });
    expect(report.modes.loop).toMatchObject({ tasks: 1, solved: 1, falseFinalizes: 0, loops: 2 });
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))).toEqual(report);
    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    expect(markdown).toContain('| no-context | 1 | 0 | 1 | 1 |');
    expect(markdown).toContain('| js-checkout-rounding | FALSE FINALIZE | solved (2 loops) |');
  });

  it('never finalizes in loop mode when every attempt is wrong', async () => {
    const script = mockScript('wrong/js-checkout-rounding');
    const run = await runCliInProcess([
      'benchmark-agent',
      SUITE,
      '--executor',
      'mock',
      '--script',
      script,
      '--only',
      'js-checkout-rounding',
      '--modes',
      'loop',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [loop] = JSON.parse(run.stdout).tasks;
    expect(loop).toMatchObject({ solved: false, finalized: false, falseFinalize: false });
    expect(loop.decision).not.toBe('finalize');
  });

  it('hands each mode its context, never the check, and adds up the tokens the agent reports', async () => {
    const agent = commandAgent();
    const run = await runCliInProcess(
      [
        'benchmark-agent',
        SUITE,
        '--executor',
        'command',
        '--command',
        agent.template,
        '--only',
        'js-slug-max-length',
        '--modes',
        'no-context,agents-md,context-pack',
        '--json',
      ],
      process.cwd(),
      { AGENT_LOG: agent.log, SOLUTION_DIR: join(SUITE_DIR, 'solutions/js-slug-max-length') },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    for (const mode of ['no-context', 'agents-md', 'context-pack'])
      expect(report.modes[mode]).toMatchObject({
        tasks: 1,
        solved: 1,
        falseFinalizes: 0,
        tokens: 1500,
        costUsd: 0.0042,
      });
    expect(report.tasks.map((result: { changedFiles: string[] }) => result.changedFiles)).toEqual([
      ['lib/slug.js'],
      ['lib/slug.js'],
      ['lib/slug.js'],
    ]);
    const prompts = readFileSync(agent.log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { cwd: string; prompt: string });
    expect(prompts).toHaveLength(3);
    const [bare, withAgents, withPack] = prompts.map((entry) => entry.prompt);
    expect(bare).toMatch(/^Add a maxLength option to slugify/);
    expect(bare).not.toContain('AGENTS.md');
    expect(withAgents).toContain('opencode-plusplus:begin');
    expect(withPack).toContain('lib/slug.js');
    for (const { prompt, cwd } of prompts) {
      expect(prompt).not.toContain('OCPP_SUITE_DIR');
      expect(prompt).not.toContain('js-slug-max-length.test.mjs');
      expect(cwd.startsWith(SUITE_DIR)).toBe(false);
    }
  });

  it('emits a GitHub Actions matrix and merges the per-job results into one report', async () => {
    const matrix = await runCliInProcess([
      'benchmark-agent',
      SUITE,
      '--emit-matrix',
      '--modes',
      'loop,no-context',
    ]);
    expect(matrix.code).toBe(0);
    const { include } = JSON.parse(matrix.stdout);
    expect(include).toHaveLength(20);
    expect(include[0]).toEqual({ task: 'js-checkout-rounding', mode: 'loop' });
    const script = mockScript('solutions/py-durations-minutes');
    const jobs = ['py-durations-minutes', 'js-slug-max-length'].map((task) => ({
      task,
      out: makeTempDir('ocpp-job-'),
    }));
    for (const job of jobs) {
      const run = await runCliInProcess([
        'benchmark-agent',
        SUITE,
        '--executor',
        'mock',
        '--script',
        script,
        '--only',
        job.task,
        '--modes',
        'no-context',
        '--out',
        job.out,
      ]);
      expect(run.code, run.stderr).toBe(0);
    }
    const merged = await runCliInProcess([
      'benchmark-agent',
      'merge',
      ...jobs.map((job) => job.out),
      '--json',
    ]);
    expect(merged.code, merged.stderr).toBe(0);
    const report = JSON.parse(merged.stdout);
    expect(report.tasks.map((result: { task: string }) => result.task)).toEqual([
      'js-slug-max-length',
      'py-durations-minutes',
    ]);
    expect(report.modes['no-context']).toMatchObject({ tasks: 2, solved: 1, falseFinalizes: 1 });
    const twice = await runCliInProcess(['benchmark-agent', 'merge', jobs[0]!.out, jobs[0]!.out]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/py-durations-minutes \(no-context\) is in .* already/);
    expect(twice.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses bad input before copying or running anything', async () => {
    const noSuite = await runCliInProcess(['benchmark-agent', '--executor', 'mock']);
    expect(noSuite.code).toBe(2);
    expect(noSuite.stderr).toMatch(/needs a suite file/);
    const badMode = await runCliInProcess(['benchmark-agent', SUITE, '--modes', 'fast']);
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toMatch(/unknown: fast/);
    const missingBinary = await runCliInProcess(
      [
        'benchmark-agent',
        SUITE,
        '--executor',
        'codex',
        '--only',
        'js-slug-max-length',
        '--modes',
        'no-context',
      ],
      process.cwd(),
      { PATH: '/nonexistent' },
    );
    expect(missingBinary.code).toBe(2);
    expect(missingBinary.stderr).toMatch(/not on PATH/);
    const badQueue = await runCliInProcess(['benchmark-agent', SUITE, '--queue', 'http://127.0.0.1:1']);
    expect(badQueue.code).toBe(2);
    expect(badQueue.stderr).toMatch(/--queue must be a redis:\/\/ URL/);
  });
});

/**
 * `benchmark-agent --executor claude` with the real Claude Code CLI (pinned in .tools/) against a
 * scripted Messages API on 127.0.0.1, on the shipped suite's js-checkout-rounding task. The
 * scripted model makes the same plausible wrong fix first every time: the one-shot run finalizes
 * it (a false finalize), loop mode's gates reject it and the second iteration gets it right.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { agentBin, isolatedEnv } from './agents.js';
import { type ScriptedAnthropic, type Step, startAnthropic, type TurnRequest } from './anthropic-server.js';

const CLAUDE = agentBin('claude');
const SUITE_DIR = fileURLToPath(new URL('../../bench/agent-suite/', import.meta.url));
const read = (path: string) => readFileSync(join(SUITE_DIR, path), 'utf8');

let server: ScriptedAnthropic | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
beforeAll(() => {
  if (!existsSync(CLAUDE))
    throw new Error(`Claude Code is not installed: run scripts/install-agent-clis.sh (looked for ${CLAUDE})`);
});

/** Where this run of the agent works: the orchestrator's sandbox when there is one, else the fresh copy. */
function workDirectory(turn: TurnRequest): string | undefined {
  const sandbox = /(\/[^\s"\\]*\/\.agent-context\/worktrees\/orc-[0-9a-z-]+)/.exec(turn.text)?.[1];
  return sandbox ?? /(\/[^\s"\\]*ocpp-bench-js-checkout-rounding-[^\s"\\/]+\/tree)/.exec(turn.text)?.[1];
}

function inTree(make: (directory: string) => Step): Step {
  return {
    decide: (turn) => {
      const directory = workDirectory(turn);
      return directory ? make(directory) : { text: 'I cannot tell where I am working.' };
    },
  };
}

function rewrite(path: string, content: string): Step[] {
  return [
    inTree((dir) => ({ tool: 'Read', input: { file_path: join(dir, path) } })),
    inTree((dir) => ({ tool: 'Write', input: { file_path: join(dir, path), content } })),
  ];
}

describe('benchmark-agent with Claude Code', () => {
  it('no-context finalizes a wrong fix; loop mode repairs it and solves the task', async () => {
    const wrong = read('wrong/js-checkout-rounding/lib/money.js');
    server = await startAnthropic([
      ...rewrite('lib/money.js', wrong),
      { text: 'Fixed the rounding in lib/money.js.' },
      ...rewrite('lib/money.js', wrong),
      { text: 'Fixed the rounding in lib/money.js.' },
      ...rewrite('lib/money.js', read('solutions/js-checkout-rounding/lib/money.js')),
      ...rewrite('test/cart.test.js', read('solutions/js-checkout-rounding/test/cart.test.js')),
      { text: 'Rounded through the decimal exponent and added a test for halves.' },
    ]);
    const env = isolatedEnv({
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'sk-ant-test-0000',
      DISABLE_AUTOUPDATER: '1',
    });
    const run = await runCliInProcess(
      [
        'benchmark-agent',
        join(SUITE_DIR, 'suite.json'),
        '--executor',
        'claude',
        '--executor-bin',
        CLAUDE,
        '--model',
        'claude-sonnet-4-5',
        '--only',
        'js-checkout-rounding',
        '--modes',
        'no-context,loop',
        '--timeout',
        '180',
        '--json',
      ],
      process.cwd(),
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    const [oneShot, loop] = report.tasks;
    expect(oneShot).toMatchObject({ mode: 'no-context', solved: false, falseFinalize: true, loops: 1 });
    expect(loop).toMatchObject({
      mode: 'loop',
      solved: true,
      falseFinalize: false,
      decision: 'finalize',
      loops: 2,
    });
    expect(oneShot.tokens.output).toBeGreaterThan(0);
    expect(loop.tokens.output).toBeGreaterThan(oneShot.tokens.output);
    expect(report.modes.loop).toMatchObject({ solved: 1, falseFinalizes: 0 });
    expect(server.remaining()).toBe(0);
    for (const turn of server.turns) expect(turn.text).not.toContain('js-checkout-rounding.test.mjs');
  });
});

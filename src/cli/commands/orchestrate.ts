/**
 * `orchestrate`, `agent run` and `opencode run` / `oc run`: a coding agent in a sandbox, held
 * against the evidence gates, iteration by iteration, until the change finalizes, blocks or needs
 * a person. Progress on stderr; `--json` prints the result document.
 */
import { type Command, Option } from 'commander';
import type { OrchestrateOptions, OrchestrateResult } from '../../api/orchestrate.js';
import type { CommandContext, CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { parseCount } from '../parse.js';
import { jsonOption, verboseOption } from './options.js';

interface OrchestrateFlags extends CommonOptions {
  executor?: string;
  maxLoops?: string;
  model?: string;
  executorArg: string[];
  executorBin?: string;
  command?: string;
  script?: string;
  evidencePolicy?: 'advisory' | 'balanced' | 'strict';
  failOn?: 'forbidden' | 'required' | 'risk';
  checkpoint?: 'git-worktree' | 'none';
  resume?: string;
  answer?: string;
  apply?: boolean;
  timeout?: string;
}

const EXECUTORS = ['claude', 'codex', 'opencode', 'cursor', 'mimocode', 'command', 'mock'];

const describeOrchestrate = `Run a coding agent on the task in a sandbox (a git worktree under .agent-context/worktrees/<run-id>/),
then hold what it did against the evidence gates: the selected tests (run by the harness, recorded in a trace),
verify, policy, the loop controller with the hallucination and regression guards, and the reflection node.
Each iteration ends in one decision — rollback, block, repack, repair, run-tests, human-review or finalize —
chosen by priority from every signal; repair and the rest start another iteration whose prompt says what
blocks. The same blocking state twice in a row stops with human-review (repeated-state/no-progress).
Everything is on disk: .agent-context/orchestrator/<run-id>/state.json after every phase and
.agent-context/runs/<task-id>/iterations/NNN/ per iteration. Your tree is untouched unless --apply;
the final patch is exported. A run killed at any point continues with --resume <run-id>.
Ctrl-C (SIGINT) or SIGTERM interrupts cleanly: the executor's process group is killed, the sandbox discarded,
state.json records the interrupt, and --resume <run-id> reruns the phase that was cut short.
Exit code 0 when the run finalized, 1 when it blocked or needs a person, 130 when interrupted.`;

function addRunOptions(command: Command, executor: 'choose' | 'fixed'): Command {
  if (executor === 'choose')
    command.addOption(
      new Option('--executor <name>', 'the agent CLI that does the work')
        .choices(EXECUTORS)
        .default('claude'),
    );
  return command
    .option('--model <model>', 'the model the executor uses (passed with its own model flag)')
    .option(
      '--executor-arg <arg>',
      'an extra argument for the executor, before the prompt (repeatable)',
      collect,
      [],
    )
    .option('--executor-bin <path>', 'the executor binary (default: found on PATH)')
    .option(
      '--command <template>',
      'command executor: the argv template, e.g. "node agent.mjs {promptFile}" (no shell)',
    )
    .option('--script <file>', 'mock executor: the JSON script of what it does per iteration')
    .addOption(
      new Option('--evidence-policy <policy>', 'how much proof closes a requirement').choices([
        'advisory',
        'balanced',
        'strict',
      ]),
    )
    .addOption(
      new Option('--fail-on <severity>', 'the policy severity that fails the gate').choices([
        'forbidden',
        'required',
        'risk',
      ]),
    )
    .addOption(
      new Option(
        '--checkpoint <kind>',
        'where the executor works (default: git-worktree in a git repository)',
      ).choices(['git-worktree', 'none']),
    )
    .option(
      '--timeout <seconds>',
      'stop an executor run after this long (kills its process group; default 1800)',
    )
    .option('--apply', 'apply the final patch to your tree when the run finalizes')
    .addOption(jsonOption('{ runId, decision, iterations, convergence, patch }'))
    .addOption(verboseOption());
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export const orchestrateCommand: CommandDefinition = (program, context) => {
  addRunOptions(
    program
      .command('orchestrate [task] [dir]')
      .summary('run an agent in a sandbox until the evidence gates let the change close')
      .description(describeOrchestrate)
      .option('--max-loops <n>', 'iterations at most (default 3)'),
    'choose',
  )
    .option('--resume <run-id>', 'continue a run from its state.json (completed phases are never rerun)')
    .option('--answer <text>', 'with --resume: your answer to the question the run asked')
    .action((task: string | undefined, dir: string | undefined, flags: OrchestrateFlags) =>
      run(context, flags.resume ? { task: '', dir: dir ?? task } : { task: task ?? '', dir }, flags),
    );
  addRunOptions(
    program
      .command('agent')
      .summary('run one agent iteration under the gates (`agent run`)')
      .command('run <task> [dir]')
      .description(
        'One iteration of `orchestrate`: the agent runs once in the sandbox, the gates decide, nothing repeats.',
      ),
    'choose',
  ).action((task: string, dir: string | undefined, flags: OrchestrateFlags) =>
    run(context, { task, dir }, { ...flags, maxLoops: '1' }),
  );
  for (const name of ['opencode', 'oc'])
    addRunOptions(
      program
        .command(name)
        .summary(
          name === 'oc'
            ? 'short for `opencode`'
            : 'orchestrate with OpenCode as the executor (`opencode run`)',
        )
        .command('run <task> [dir]')
        .description('`orchestrate --executor opencode`: OpenCode does the work, the gates decide.')
        .option('--max-loops <n>', 'iterations at most (default 3)'),
      'fixed',
    ).action((task: string, dir: string | undefined, flags: OrchestrateFlags) =>
      run(context, { task, dir }, { ...flags, executor: 'opencode' }),
    );
};

async function run(
  context: CommandContext,
  target: { task: string; dir: string | undefined },
  flags: OrchestrateFlags,
): Promise<void> {
  return runAction(context, flags, async (bus) => {
    const { orchestrate } = await import('../../api/orchestrate.js');
    const result = await whileInterruptible((signal) =>
      orchestrate(target.task, target.dir ?? '.', { bus, signal, ...optionsOf(context, flags) }),
    );
    await printResult(context, flags, result, () => formatResult(result));
    if (result.interrupted) return INTERRUPTED_EXIT;
    return result.decision?.action === 'finalize' ? 0 : 1;
  });
}

/** 128 + SIGINT, what a shell reports for a program stopped by Ctrl-C. */
const INTERRUPTED_EXIT = 130;

/**
 * The first SIGINT or SIGTERM interrupts the run cleanly (the executor killed, the sandbox
 * discarded, state.json saying so); a second one finds no handler and ends the process at once.
 */
async function whileInterruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    controller.abort(name);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function optionsOf(context: CommandContext, flags: OrchestrateFlags): OrchestrateOptions {
  return {
    env: { ...process.env, ...context.io.env },
    ...(flags.executor ? { executor: flags.executor } : {}),
    ...(flags.maxLoops ? { maxLoops: parseCount(flags.maxLoops, '--max-loops') } : {}),
    ...(flags.model ? { model: flags.model } : {}),
    executorArgs: flags.executorArg ?? [],
    ...(flags.executorBin ? { executorBin: flags.executorBin } : {}),
    ...(flags.command ? { command: flags.command } : {}),
    ...(flags.script ? { script: flags.script } : {}),
    ...(flags.evidencePolicy ? { evidencePolicy: flags.evidencePolicy } : {}),
    ...(flags.failOn ? { failOn: flags.failOn } : {}),
    ...(flags.checkpoint ? { checkpoint: flags.checkpoint } : {}),
    ...(flags.resume ? { resume: flags.resume } : {}),
    ...(flags.answer !== undefined ? { answer: flags.answer } : {}),
    ...(flags.apply ? { apply: true } : {}),
    ...(flags.timeout ? { timeoutMs: parseCount(flags.timeout, '--timeout') * 1000 } : {}),
  };
}

function formatResult(result: OrchestrateResult): string {
  const decision = result.decision;
  if (result.interrupted)
    return [
      `run ${result.runId}: interrupted (${result.interrupted.signal}) during ${result.interrupted.phase}${result.interrupted.iteration > 0 ? ` of iteration ${result.interrupted.iteration}` : ''}; the sandbox was discarded`,
      `  continue with: orchestrate --resume ${result.runId}`,
      `  state: ${result.state}`,
    ].join('\n');
  const lines = [
    `run ${result.runId}: ${decision ? `${decision.action} — ${decision.reason}` : 'no decision yet'}`,
    ...result.iterations.map(
      (entry) =>
        `  iteration ${entry.iteration}: ${entry.action} (${entry.changedFiles.length} changed file(s)) — ${entry.reason}`,
    ),
  ];
  if (decision && decision.supporting.length > 0)
    lines.push(`  also blocking: ${decision.supporting.join(', ')}`);
  if (decision?.question)
    lines.push(
      `  question: ${decision.question}`,
      `  answer with: orchestrate --resume ${result.runId} --answer "…"`,
    );
  if (result.patch) lines.push(`  patch: ${result.patch}${result.applied ? ' (applied to your tree)' : ''}`);
  lines.push(`  state: ${result.state}`);
  return lines.join('\n');
}

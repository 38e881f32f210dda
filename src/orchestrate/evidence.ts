/**
 * The tests the orchestrator runs itself, recorded in the trace as command evidence (observed,
 * not claimed). Idempotent: a step this iteration already recorded on the same tree is reused,
 * so a resumed Evaluate never appends it twice.
 */
import { isOcppError } from '../shared/errors.js';
import { runCommandStep } from '../trace/record.js';
import { readTrace } from '../trace/store.js';
import type { CommandStep } from '../trace/types.js';
import { checkTemplate, splitTemplate } from './executors/argv.js';
import type { TestRun } from './types.js';

export interface TestCommandInput {
  work: string;
  traceId: string;
  runId: string;
  iteration: number;
  command: string;
  level: TestRun['level'];
  treeHash: string;
  env: NodeJS.ProcessEnv;
}

/** The command's words, or undefined when it needs a shell (it is then not run, and said so). */
export function commandArgv(command: string): string[] | undefined {
  try {
    return [...checkTemplate(splitTemplate(command), 'test command')];
  } catch (error) {
    if (isOcppError(error)) return undefined;
    throw error;
  }
}

export async function runTestCommand(input: TestCommandInput): Promise<TestRun | undefined> {
  const argv = commandArgv(input.command);
  if (!argv || argv.length === 0) return undefined;
  const reason = `orchestrate ${input.runId} iteration ${input.iteration}: ${input.level} tests`;
  const recorded = (await readTrace(input.work, input.traceId)).steps.find(
    (step): step is CommandStep =>
      step.kind === 'command' &&
      step.reason === reason &&
      step.treeHashBefore === input.treeHash &&
      step.command.join(' ') === argv.join(' '),
  );
  const step =
    recorded ??
    (
      await runCommandStep(input.work, input.traceId, {
        command: argv,
        about: ['tests'],
        reason,
        env: { ...input.env, CI: '1' },
        timeoutMs: 15 * 60 * 1000,
      })
    ).step;
  return {
    command: input.command,
    level: input.level,
    exitCode: step.exitCode,
    step: step.id,
    tail: `${step.stdout.tail}${step.stderr.tail}`.slice(-3000),
  };
}

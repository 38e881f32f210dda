/**
 * Execute: one run of the executor in the sandbox, with the iteration's prompt. Writes
 * prompt.md, executor.result.json (argv, exit code, hashes, event summary) and
 * executor.events.jsonl (the normalized events, one per line).
 */

import { readTextIfExists, writeFileAtomic, writeJsonAtomic } from '../../shared/fs.js';
import { sha256 } from '../../shared/hash.js';
import { stableStringify } from '../../shared/json.js';
import { absolutePath } from '../../shared/path.js';
import { expandTemplate } from '../executors/argv.js';
import type { AgentEvent } from '../executors/events.js';
import { summarizeEvents } from '../executors/events.js';
import { resolveExecutor } from '../executors/index.js';
import { runExecutorProcess } from '../executors/process.js';
import type { PlaceholderValues } from '../executors/types.js';
import type { RunContext } from '../ports.js';
import { renderIterationPrompt } from '../prompt.js';
import type { Decision, ExecuteOutput, RunOptions } from '../types.js';

export interface ExecuteInput {
  options: RunOptions;
  iteration: number;
  runDir: string;
  iterationDir: string;
  previous?: Decision;
  answer?: string;
}

const DEFAULT_TIMEOUT_MS = 30 * 60 * 1000;
const DEFAULT_OUTPUT_BYTES = 32 * 1024 * 1024;

export async function execute(context: RunContext, input: ExecuteInput): Promise<ExecuteOutput> {
  const prompt = renderIterationPrompt({
    base: await basePrompt(context.home, input.runDir, input.options),
    iteration: input.iteration,
    ...(input.previous ? { previous: input.previous } : {}),
    ...(input.answer ? { answer: input.answer } : {}),
  });
  const promptFile = absolutePath(context.home, `${input.iterationDir}/prompt.md`);
  await writeFileAtomic(promptFile, prompt);
  const values: PlaceholderValues = {
    prompt,
    promptFile,
    task: input.options.task,
    repo: context.work,
    runDir: absolutePath(context.work, input.runDir),
  };
  context.bus.log('info', `iteration ${input.iteration}: running ${input.options.executor}`);
  const { output, events } = await runExecutor(context, input, values);
  const result: ExecuteOutput = { ...output, promptSha256: sha256(prompt), summary: summarizeEvents(events) };
  await writeJsonAtomic(absolutePath(context.home, `${input.iterationDir}/executor.result.json`), result);
  await writeFileAtomic(
    absolutePath(context.home, `${input.iterationDir}/executor.events.jsonl`),
    events.map((event) => stableStringify(event)).join('\n') + (events.length > 0 ? '\n' : ''),
  );
  return result;
}

type RawOutput = Omit<ExecuteOutput, 'promptSha256' | 'summary'>;

async function runExecutor(
  context: RunContext,
  input: ExecuteInput,
  values: PlaceholderValues,
): Promise<{ output: RawOutput; events: AgentEvent[] }> {
  const { settings, executor } = input.options;
  const resolved = resolveExecutor(executor, settings, context.env, context.home);
  if (resolved.kind === 'in-process') {
    const started = Date.now();
    const run = await resolved.definition.run(values, settings, input.iteration);
    return { output: inProcessOutput(executor, run.exitCode, Date.now() - started), events: run.events };
  }
  const args = expandTemplate(resolved.words, values);
  const run = await runExecutorProcess({
    bin: resolved.bin,
    args,
    cwd: context.work,
    env: { ...resolved.definition.env, ...context.env },
    normalize: resolved.definition.createNormalizer(),
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxOutputBytes: settings.maxOutputBytes ?? DEFAULT_OUTPUT_BYTES,
    onEvent: (event) => reportActivity(context, event),
  });
  const { events, ...rest } = run;
  // The prompt is in prompt.md; the argv records where it went, not a second copy of it.
  const argv = [resolved.bin, ...args.map((arg) => (arg === values.prompt ? '{prompt}' : arg))];
  return { output: { executor, argv, ...rest }, events };
}

function inProcessOutput(executor: string, exitCode: number, durationMs: number): RawOutput {
  return {
    executor,
    argv: [executor],
    exitCode,
    signal: null,
    stop: 'in-process',
    durationMs,
    stdoutBytes: 0,
    stdoutSha256: sha256(''),
    stderrTail: '',
  };
}

function reportActivity(context: RunContext, event: AgentEvent): void {
  if (event.type === 'tool-call') context.bus.log('info', `  tool ${event.tool}`);
  else if (event.type === 'command') context.bus.log('info', `  $ ${event.command.slice(0, 120)}`);
  else if (event.type === 'file-edit') context.bus.log('info', `  edit ${event.path}`);
  else if (event.type === 'error') context.bus.log('warn', `  error: ${event.message.slice(0, 200)}`);
}

/** The task run's prompt for this executor, or the generic one. */
async function basePrompt(home: string, runDir: string, options: RunOptions): Promise<string> {
  for (const name of [options.executor, 'cursor']) {
    const text = await readTextIfExists(absolutePath(home, `${runDir}/prompt.${name}.md`));
    if (text) return text;
  }
  return `# Task\n\n${options.task}\n`;
}

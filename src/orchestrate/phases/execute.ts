/**
 * Execute: one run of the executor in the sandbox, with the iteration's prompt. Writes
 * prompt.md, executor.result.json (argv, exit code, hashes, event summary) and
 * executor.events.jsonl (the normalized events, one per line).
 */

import { readTextIfExists, writeFileAtomic, writeJsonAtomic } from '../../shared/fs.js';
import { sha256 } from '../../shared/hash.js';
import { stableStringify } from '../../shared/json.js';
import { absolutePath } from '../../shared/path.js';
import type { AgentEvent } from '../executors/events.js';
import { summarizeEvents } from '../executors/events.js';
import { launchExecutor } from '../executors/launch.js';
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
  const { events, ...run } = await launchExecutor({
    executor: input.options.executor,
    settings: input.options.settings,
    values,
    cwd: context.work,
    lookupFrom: context.home,
    env: context.env,
    iteration: input.iteration,
    signal: context.signal,
    onEvent: (event) => reportActivity(context, event),
  });
  const result: ExecuteOutput = {
    executor: input.options.executor,
    ...run,
    promptSha256: sha256(prompt),
    summary: summarizeEvents(events),
  };
  await writeJsonAtomic(absolutePath(context.home, `${input.iterationDir}/executor.result.json`), result);
  await writeFileAtomic(
    absolutePath(context.home, `${input.iterationDir}/executor.events.jsonl`),
    events.map((event) => stableStringify(event)).join('\n') + (events.length > 0 ? '\n' : ''),
  );
  return result;
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

/**
 * One run of an executor with a prompt, outside any orchestrator run: what `benchmark-agent`'s
 * one-shot modes use. The same launch as an orchestrator iteration (registry, argv rules, process
 * handling); the prompt file lives in a scratch folder the caller owns.
 */
import type { EventBus } from '../../shared/events.js';
import { writeFileAtomic } from '../../shared/fs.js';
import { joinPath } from '../../shared/path.js';
import { type EventSummary, summarizeEvents } from './events.js';
import { launchExecutor } from './launch.js';
import type { StopReason } from './process.js';
import type { ExecutorSettings } from './types.js';

export interface RunOnceInput {
  executor: string;
  settings: ExecutorSettings;
  prompt: string;
  /** Where the agent works. */
  cwd: string;
  /** A folder for the prompt file (and `{runDir}`), outside `cwd`. */
  scratch: string;
  env: NodeJS.ProcessEnv;
  bus: EventBus;
}

export interface RunOnceResult {
  exitCode: number | null;
  stop: StopReason | 'in-process';
  summary: EventSummary;
  durationMs: number;
}

export async function runAgentOnce(input: RunOnceInput): Promise<RunOnceResult> {
  const promptFile = joinPath(input.scratch, 'prompt.md');
  await writeFileAtomic(promptFile, input.prompt);
  const run = await launchExecutor({
    executor: input.executor,
    settings: input.settings,
    values: { prompt: input.prompt, promptFile, task: input.prompt, repo: input.cwd, runDir: input.scratch },
    cwd: input.cwd,
    lookupFrom: input.cwd,
    env: input.env,
    iteration: 1,
    onEvent: (event) => {
      if (event.type === 'file-edit') input.bus.log('info', `  edit ${event.path}`);
    },
  });
  return {
    exitCode: run.exitCode,
    stop: run.stop,
    summary: summarizeEvents(run.events),
    durationMs: run.durationMs,
  };
}

/**
 * One run of an executor with a prompt, outside any orchestrator run: what `benchmark-agent`'s
 * one-shot modes use. Same registry, same argv rules (no shell), same process handling as an
 * orchestrator iteration; the prompt file lives in a scratch folder the caller owns.
 */
import type { EventBus } from '../../shared/events.js';
import { writeFileAtomic } from '../../shared/fs.js';
import { joinPath } from '../../shared/path.js';
import { expandTemplate } from './argv.js';
import { type EventSummary, summarizeEvents } from './events.js';
import { resolveExecutor } from './index.js';
import { runExecutorProcess, type StopReason } from './process.js';
import type { ExecutorSettings, PlaceholderValues } from './types.js';

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

const DEFAULT_TIMEOUT_MS = 30 * 60 * 1000;
const DEFAULT_OUTPUT_BYTES = 32 * 1024 * 1024;

export async function runAgentOnce(input: RunOnceInput): Promise<RunOnceResult> {
  const promptFile = joinPath(input.scratch, 'prompt.md');
  await writeFileAtomic(promptFile, input.prompt);
  const values: PlaceholderValues = {
    prompt: input.prompt,
    promptFile,
    task: input.prompt,
    repo: input.cwd,
    runDir: input.scratch,
  };
  const started = Date.now();
  const resolved = resolveExecutor(input.executor, input.settings, input.env, input.cwd);
  if (resolved.kind === 'in-process') {
    const run = await resolved.definition.run(values, input.settings, 1);
    return {
      exitCode: run.exitCode,
      stop: 'in-process',
      summary: summarizeEvents(run.events),
      durationMs: Date.now() - started,
    };
  }
  const run = await runExecutorProcess({
    bin: resolved.bin,
    args: expandTemplate(resolved.words, values),
    cwd: input.cwd,
    env: { ...resolved.definition.env, ...input.env },
    normalize: resolved.definition.createNormalizer(),
    timeoutMs: input.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxOutputBytes: input.settings.maxOutputBytes ?? DEFAULT_OUTPUT_BYTES,
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

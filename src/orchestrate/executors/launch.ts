/**
 * One launch of an executor, the only place that turns a registry entry into a run: resolve the
 * binary and the argv template, expand the placeholders, run it (in process, or as a process
 * group with the normalizer, the stuck detector, the timeout and the output cap), and say what
 * ran. An orchestrator iteration and `benchmark-agent`'s one-shot runs both launch through here.
 */
import { sha256 } from '../../shared/hash.js';
import { expandTemplate } from './argv.js';
import type { AgentEvent } from './events.js';
import { resolveExecutor } from './index.js';
import { type ProcessRunResult, runExecutorProcess } from './process.js';
import type { ExecutorSettings, PlaceholderValues } from './types.js';

export interface LaunchInput {
  executor: string;
  settings: ExecutorSettings;
  values: PlaceholderValues;
  /** Where the agent works. */
  cwd: string;
  /** Where a relative `--executor-bin` is found (the user's repository). */
  lookupFrom: string;
  env: NodeJS.ProcessEnv;
  /** The iteration a scripted executor plays. */
  iteration: number;
  /** Aborting kills the executor's process group (an interrupt). */
  signal?: AbortSignal | undefined;
  onEvent?: (event: AgentEvent) => void;
}

export type Launched = Omit<ProcessRunResult, 'stop'> & {
  /** The binary and its arguments, the prompt shown as `{prompt}` (prompt.md keeps it). */
  argv: string[];
  stop: ProcessRunResult['stop'] | 'in-process';
};

const DEFAULT_TIMEOUT_MS = 30 * 60 * 1000;
const DEFAULT_OUTPUT_BYTES = 32 * 1024 * 1024;

export async function launchExecutor(input: LaunchInput): Promise<Launched> {
  const { settings, values } = input;
  const resolved = resolveExecutor(input.executor, settings, input.env, input.lookupFrom);
  if (resolved.kind === 'in-process') {
    const started = Date.now();
    const run = await resolved.definition.run(values, settings, input.iteration);
    return {
      argv: [input.executor],
      exitCode: run.exitCode,
      signal: null,
      stop: 'in-process',
      events: run.events,
      stdoutBytes: 0,
      stdoutSha256: sha256(''),
      stderrTail: '',
      durationMs: Date.now() - started,
    };
  }
  const args = expandTemplate(resolved.words, values);
  const run = await runExecutorProcess({
    bin: resolved.bin,
    args,
    cwd: input.cwd,
    env: { ...resolved.definition.env, ...input.env },
    normalize: resolved.definition.createNormalizer(),
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxOutputBytes: settings.maxOutputBytes ?? DEFAULT_OUTPUT_BYTES,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onEvent ? { onEvent: input.onEvent } : {}),
  });
  return { ...run, argv: [resolved.bin, ...args.map((arg) => (arg === values.prompt ? '{prompt}' : arg))] };
}

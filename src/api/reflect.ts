/** `reflect`: one bounded reflection on a plan and what was produced, with the repository's config. */
import { loadConfig } from '../config/load.js';
import { createProvider } from '../llm/registry.js';
import { decisionTask } from '../reflect/decision-task.js';
import { readFilesFile, readPlanFile, summarizeDirectory } from '../reflect/input.js';
import { readRunLog } from '../reflect/log.js';
import { defaultRunId, type ReflectionResult, reflect } from '../reflect/node.js';
import { reflectors } from '../reflect/reflector.js';
import type { FileSummary, Plan, ReflectorName } from '../reflect/types.js';
import { isWorkload, resolveCaps, type Workload, workloads } from '../reflect/workloads.js';
import { usageError } from '../shared/errors.js';
import { resolveAbsolute } from '../shared/path.js';

export interface ReflectCallOptions {
  /** The plan, or the path of `plan.json`. */
  plan: Plan | string;
  /** File summaries, or the path of `files.json`. */
  files?: FileSummary[] | string;
  /** Summarise this directory instead of reading `files.json`. */
  fromDir?: string;
  /** @default the plan's goal */
  goal?: string;
  /** Reflections already made; @default the number recorded in the run log (resume). */
  depth?: number;
  /** @default depth + 1 */
  step?: number;
  /** @default reflection.workload */
  workload?: string;
  /** @default reflection.reflector */
  reflector?: ReflectorName;
  /** @default `plan-<hash of the plan>` */
  runId?: string;
  /** Environment for the API key. @default process.env */
  env?: NodeJS.ProcessEnv;
}

export async function reflectOnce(directory: string, options: ReflectCallOptions): Promise<ReflectionResult> {
  const root = resolveAbsolute(directory);
  const { config } = await loadConfig(root);
  const plan = typeof options.plan === 'string' ? await readPlanFile(options.plan) : options.plan;
  const files = await filesOf(options);
  const workload = workloadOf(options.workload ?? config.reflection.workload);
  const caps = resolveCaps({ ...config.reflection, workload });
  const runId = options.runId ?? defaultRunId({ plan });
  const history = await readRunLog(root, runId);
  const depth = options.depth ?? history.length;
  const reflectorName = options.reflector ?? config.reflection.reflector;
  const reflector =
    reflectorName === 'model'
      ? reflectors.model(decisionTask, createProvider(config.llm, options.env ?? process.env))
      : reflectors.offline(decisionTask);
  return reflect(
    { plan, files, goal: options.goal ?? plan.goal, step: options.step ?? depth + 1, depth },
    { root, runId, caps, reflector, history },
  );
}

async function filesOf(options: ReflectCallOptions): Promise<FileSummary[]> {
  if (options.fromDir !== undefined && options.files !== undefined)
    throw usageError('give either files (--files) or a directory (--from-dir), not both');
  if (options.fromDir !== undefined) return summarizeDirectory(resolveAbsolute(options.fromDir));
  if (typeof options.files === 'string') return readFilesFile(options.files);
  return options.files ?? [];
}

function workloadOf(value: string): Workload {
  if (isWorkload(value)) return value;
  throw usageError(`unknown workload "${value}"`, `use one of ${Object.keys(workloads).join(', ')}`);
}

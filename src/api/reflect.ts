/** `reflect`: one bounded reflection on a plan and what was produced, with the repository's config. */
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/schema.js';
import { createProvider } from '../llm/registry.js';
import { lessonViews, readMemory } from '../memory/lesson-store.js';
import { readServed } from '../memory/served.js';
import { recordFinished, type SavedReflection, saveReflection } from '../reflect/background.js';
import { decisionTask } from '../reflect/decision-task.js';
import { readFilesFile, readPlanFile, summarizeDirectory } from '../reflect/input.js';
import { readRunLog } from '../reflect/log.js';
import { defaultRunId, type ReflectionResult, reflect } from '../reflect/node.js';
import { reflectors } from '../reflect/reflector.js';
import { readSession } from '../reflect/sessions.js';
import { reflectOnTranscript, type TranscriptReflectionResult } from '../reflect/transcript.js';
import { criteriaFingerprint, transcriptTask } from '../reflect/transcript-task.js';
import {
  type ServedLessonMention,
  TRANSCRIPT_FORMATS,
  type TranscriptFormat,
} from '../reflect/transcripts/types.js';
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

export interface ReflectTranscriptOptions {
  /** @default reflection.reflector */
  reflector?: ReflectorName;
  /** Expected format; another format is an error. @default detected */
  format?: TranscriptFormat;
  /** Reflect only on lines after this one. @default 0, or where the session's last reflection stopped when `session` is given */
  afterLine?: number;
  /** Save lessons, count ignored served lessons, write defect reports and the daily note. @default false */
  save?: boolean;
  /** The agent session: its counters give the starting line and receive the outcome. */
  session?: string;
  /** Environment for the API key. @default process.env */
  env?: NodeJS.ProcessEnv;
}

export interface ReflectTranscriptResult extends TranscriptReflectionResult {
  /** The criteria fingerprint this reflection ran under. */
  fingerprint: string;
  /** What was written, with `save`. */
  saved: SavedReflection | null;
}

/** `reflect transcript`: where the user steered the agent, and what is worth keeping. */
export async function reflectTranscript(
  directory: string,
  file: string,
  options: ReflectTranscriptOptions = {},
): Promise<ReflectTranscriptResult> {
  const root = resolveAbsolute(directory);
  const { config } = await loadConfig(root);
  const reflectorName = options.reflector ?? config.reflection.reflector;
  const fingerprint = criteriaFingerprint({ ...config.reflection, reflector: reflectorName });
  const reflector =
    reflectorName === 'model'
      ? reflectors.model(transcriptTask, createProvider(config.llm, options.env ?? process.env))
      : reflectors.offline(transcriptTask);
  const afterLine =
    options.afterLine ?? (options.session ? (await readSession(root, options.session)).reflectedUpToLine : 0);
  let result: TranscriptReflectionResult;
  try {
    result = await reflectOnTranscript(resolveAbsolute(file), {
      reflector,
      afterLine,
      maxReplayChars: config.reflection.maxReplayChars,
      digestTokens: config.reflection.digestTokens,
      served: options.session ? await servedToSession(root, options.session) : [],
      ...(options.format ? { format: options.format } : {}),
    });
  } catch (error) {
    if (options.save && options.session)
      await recordFinished(root, options.session, 'failed', fingerprint, afterLine, {
        error: (error as Error).message,
      });
    throw error;
  }
  let saved: SavedReflection | null = null;
  if (options.save) {
    const session = options.session ?? result.session ?? 'cli';
    saved = await saveReflection(root, result, { session });
    if (options.session)
      await recordFinished(root, options.session, saved.outcome, fingerprint, result.window.to, {
        lessons: saved.saved.map((lesson) => lesson.id),
        servedIgnored: saved.ignoredCounted,
        message: result.message,
      });
  }
  return { ...result, fingerprint, saved };
}

/** The transcript formats `reflect transcript` reads. */
export const transcriptFormats: readonly TranscriptFormat[] = TRANSCRIPT_FORMATS;

/** The repository's resolved configuration (what hooks and plugins act on). */
export async function readResolvedConfig(directory: string): Promise<ResolvedConfig> {
  return (await loadConfig(resolveAbsolute(directory))).config;
}

/** Lessons `served.jsonl` says this session was shown (a hook's additionalContext may not be in every transcript). */
async function servedToSession(root: string, session: string): Promise<ServedLessonMention[]> {
  const records = await readServed(root, { session });
  const ids = new Set(records.flatMap((record) => record.lessons));
  if (ids.size === 0) return [];
  return lessonViews(await readMemory(root), true)
    .filter((view) => ids.has(view.id))
    .map((view) => ({ id: view.id, text: view.text, line: 0 }));
}

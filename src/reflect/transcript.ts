/**
 * One reflection on a transcript file: read it (any agent's format), take the window since the
 * last reflection, tail-capped, and ask the reflector. Pure of side effects: saving what it found
 * is the caller's choice (`saveReflection` in background.ts).
 */

import type { LlmCallRecord } from '../llm/types.js';
import { buildDigest, reflectionWindow } from './digest.js';
import type { Reflector } from './reflector.js';
import type { TranscriptReflection, TranscriptReflectionInput } from './transcript-task.js';
import { type ReadTranscriptOptions, readTranscript } from './transcripts/index.js';
import type { ServedLessonMention, TranscriptFormat } from './transcripts/types.js';
import type { ReflectorName } from './types.js';

export interface TranscriptReflectOptions extends ReadTranscriptOptions {
  reflector: Reflector<TranscriptReflectionInput, TranscriptReflection>;
  /** Reflect only on what came after this line (the last one reflected). @default 0 */
  afterLine?: number;
  /** @default 60000 */
  maxReplayChars?: number;
  /** @default 3000 */
  digestTokens?: number;
  /** Lessons known to have been served to the session (from `served.jsonl`), besides those in the transcript. */
  served?: ServedLessonMention[];
}

/** What `reflect transcript --json` prints. */
export interface TranscriptReflectionResult extends TranscriptReflection {
  transcript: string;
  format: TranscriptFormat;
  session: string | null;
  /** Transcript lines the reflection covered. */
  window: { from: number; to: number };
  reflector: ReflectorName;
  fallback: string | null;
  calls: LlmCallRecord[];
}

export async function reflectOnTranscript(
  file: string,
  options: TranscriptReflectOptions,
): Promise<TranscriptReflectionResult> {
  const transcript = await readTranscript(file, options);
  const entries = reflectionWindow(transcript.entries, {
    afterLine: options.afterLine ?? 0,
    maxReplayChars: options.maxReplayChars ?? 60_000,
  });
  const firstUser = transcript.entries.find((entry) => entry.role === 'user' && !entry.meta);
  const input: TranscriptReflectionInput = {
    entries,
    served: mergeServed(transcript.servedLessons, options.served ?? []),
    startsAtTask: firstUser !== undefined && entries.includes(firstUser),
    digest: buildDigest(entries, (options.digestTokens ?? 3000) * 4),
    lastLine: transcript.stats.lines,
  };
  const answer = await options.reflector.reflect(input);
  return {
    ...answer.value,
    transcript: file,
    format: transcript.format,
    session: transcript.sessionId,
    window: { from: entries[0]?.line ?? 0, to: transcript.stats.lines },
    reflector: answer.answeredBy,
    fallback: answer.fallback,
    calls: answer.calls,
  };
}

/** Served lessons by id, the transcript's own mention first (it has a line); the rest count as served at the start. */
function mergeServed(
  inTranscript: ServedLessonMention[],
  recorded: ServedLessonMention[],
): ServedLessonMention[] {
  const ids = new Set(inTranscript.map((lesson) => lesson.id));
  return [
    ...inTranscript,
    ...recorded.filter((lesson) => !ids.has(lesson.id)).map((lesson) => ({ ...lesson, line: 0 })),
  ];
}

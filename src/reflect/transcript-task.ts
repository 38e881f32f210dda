/**
 * Reflection on a session transcript as a `ReflectionTask`: the offline reflector finds where
 * the user steered the agent and keeps only lessons that would have spared a round of it; the
 * model reflector is asked the same question about a digest and fills the same shape. Either
 * way the answer makes at least one memory update or says exactly "Nothing to save.".
 */
import { z } from 'zod';
import { lessonKinds } from '../memory/lesson-file.js';
import { hashValue } from '../shared/hash.js';
import type { ReflectionTask } from './reflector.js';
import { findSteering, quoteOf, type SteeringFinding } from './steering/detect.js';
import { type Declined, judgeLesson, type LessonCandidate, sameLesson } from './steering/judge-lesson.js';
import { CUES, SELF_MEMORY_ADD, STEERING_KINDS, TOOL_DEFECT, WHY_NOT_LEARNED } from './steering/patterns.js';
import type { ServedLessonMention, TranscriptEntry } from './transcripts/types.js';

export const NOTHING_TO_SAVE = 'Nothing to save.';

export interface TranscriptReflectionInput {
  /** The entries reflected on (the window). */
  entries: TranscriptEntry[];
  /** Lessons the session was served (`[lesson L-NNNN] …` in its context). */
  served: ServedLessonMention[];
  /** The window starts at the session's start: its first user message is the task. */
  startsAtTask: boolean;
  /** What a model is shown. */
  digest: string;
  /** Highest line of the transcript, to validate a model's line numbers. */
  lastLine: number;
}

export interface TranscriptReflection {
  outcome: 'lessons' | 'nothing-to-save' | 'served-ignored';
  steering: Array<{ line: number; kind: SteeringFinding['kind']; quote: string }>;
  lessons: LessonCandidate[];
  servedIgnored: string[];
  message: string;
  /** Steering that gave no lesson, and why. */
  declined: Declined[];
  /** Lessons that should have been captured earlier: the agent saved one itself, or the user asked why it was not. */
  missedCaptures: Array<{ line: number; quote: string; reason: string }>;
  /** Signs of a defect in opencode-plusplus itself (reported, never filed). */
  defects: Array<{ line: number; quote: string }>;
}

export function reflectOffline(input: TranscriptReflectionInput): TranscriptReflection {
  const findings = findSteering(input.entries, { firstIsTask: input.startsAtTask, served: input.served });
  const servedIgnored = new Set<string>();
  const lessons: LessonCandidate[] = [];
  const declined: Declined[] = [];
  for (const finding of findings) {
    if (finding.served.length > 0) {
      for (const id of finding.served) servedIgnored.add(id);
      declined.push({
        line: finding.line,
        text: finding.quote,
        reason: `already served as ${finding.served.join(', ')}`,
      });
      continue;
    }
    const judgement = judgeLesson(finding);
    if ('declined' in judgement) declined.push(judgement.declined);
    else if (lessons.some((lesson) => sameLesson(lesson.text, judgement.lesson.text)))
      declined.push({ line: finding.line, text: finding.quote, reason: 'same as a lesson above' });
    else lessons.push(judgement.lesson);
  }
  return complete(input, {
    steering: findings.map(({ line, kind, quote }) => ({ line, kind, quote })),
    lessons,
    servedIgnored: [...servedIgnored].sort(),
    declined,
  });
}

type Core = Pick<TranscriptReflection, 'steering' | 'lessons' | 'servedIgnored' | 'declined'>;

/** Adds what is always found by rules (missed captures, defects), the outcome and the message. */
function complete(input: TranscriptReflectionInput, core: Core): TranscriptReflection {
  const outcome =
    core.lessons.length > 0
      ? 'lessons'
      : core.servedIgnored.length > 0
        ? 'served-ignored'
        : 'nothing-to-save';
  return {
    outcome,
    ...core,
    message: messageOf(outcome, core),
    missedCaptures: missedCaptures(input.entries),
    defects: defects(input.entries),
  };
}

function messageOf(outcome: TranscriptReflection['outcome'], core: Core): string {
  if (outcome === 'nothing-to-save') return NOTHING_TO_SAVE;
  const ignored =
    core.servedIgnored.length > 0 ? `Served and ignored: ${core.servedIgnored.join(', ')}.` : '';
  if (outcome === 'served-ignored') return `${ignored} Nothing new to save.`;
  const count = core.lessons.length;
  return `${count} lesson${count === 1 ? '' : 's'} to save.${ignored ? ` ${ignored}` : ''}`;
}

function missedCaptures(entries: TranscriptEntry[]): TranscriptReflection['missedCaptures'] {
  const found: TranscriptReflection['missedCaptures'] = [];
  for (const entry of entries) {
    if (entry.role === 'tool-call' && SELF_MEMORY_ADD.test(entry.text))
      found.push({ line: entry.line, quote: quoteOf(entry.text), reason: 'the agent saved a lesson itself' });
    else if (entry.role === 'user' && !entry.meta && WHY_NOT_LEARNED.test(entry.text))
      found.push({
        line: entry.line,
        quote: quoteOf(entry.text),
        reason: 'the user asked why it was not learned',
      });
  }
  return found;
}

function defects(entries: TranscriptEntry[]): TranscriptReflection['defects'] {
  return entries
    .filter((entry) => entry.role !== 'tool-call' && TOOL_DEFECT.test(entry.text))
    .map((entry) => ({ line: entry.line, quote: quoteOf(entry.text) }));
}

const SYSTEM = `You reflect on a coding-agent session to spare its user future rounds of steering. You are shown a digest of the session: every line starts with "L<n>", the line of the transcript file.
Find where the user had to steer the agent: a correction, a rejection (including a refused tool call followed by an explanation), "no, like this", a restated requirement, a complaint about quality, a preference the agent did not know. Kinds: rejection, correction, redirect, restatement, quality, preference.
For each, ask what the agent would have needed to know at the start: (1) a standard or preference this user holds, (2) a method they expect applied, (3) a quality bar, (4) a false belief about a tool, language or platform, (5) a false belief about this project, (6) a modelling error.
Keep a lesson only if knowing it at the start would have removed at least one round of steering, it applies to some task other than this exact file, and it is still true tomorrow. Never keep environment-dependent failures, claims that a tool is missing here, transient errors, or one-off task narratives; failed tool calls the agent fixed by itself are not steering.
If the user had to repeat what a served lesson (listed under served_lessons) already said, put its id in "servedIgnored" and save nothing new for it.
Answer with one JSON object: {"steering":[{"line":n,"kind":"...","quote":"the user's words"}],"lessons":[{"text":"one or two sentences an agent reads before starting","kind":1-6,"line":n}],"servedIgnored":["L-0001"]}. Empty lists when nothing qualifies.`;

const AnswerSchema = z.object({
  steering: z
    .array(
      z.object({ line: z.number().int().positive(), kind: z.enum(STEERING_KINDS), quote: z.string().min(1) }),
    )
    .default([]),
  lessons: z
    .array(
      z.object({
        text: z.string().trim().min(8).max(2000),
        kind: z.union([z.number().int().min(1).max(6), z.string()]),
        line: z.number().int().positive(),
      }),
    )
    .default([]),
  servedIgnored: z.array(z.string().regex(/^L-\d{4,}$/)).default([]),
});

export const transcriptTask: ReflectionTask<TranscriptReflectionInput, TranscriptReflection> = {
  offline: reflectOffline,
  prompt(input) {
    const facts = {
      served_lessons: input.served.map((lesson) => `[lesson ${lesson.id}] ${lesson.text}`),
      session: input.digest,
    };
    return { system: SYSTEM, user: JSON.stringify(facts, null, 2) };
  },
  accept(value, input) {
    const result = AnswerSchema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new Error(`${issue.path.join('.') || 'answer'}: ${issue.message}`);
    }
    const answer = result.data;
    const badLine = [...answer.steering, ...answer.lessons].find((item) => item.line > input.lastLine);
    if (badLine)
      throw new Error(`line ${badLine.line} is past the end of the transcript (${input.lastLine} lines)`);
    const servedIds = new Set(input.served.map((lesson) => lesson.id));
    const unknown = answer.servedIgnored.find((id) => !servedIds.has(id));
    if (unknown) throw new Error(`servedIgnored: ${unknown} was not served to this session`);
    return complete(input, {
      steering: answer.steering.map((item) => ({ ...item, quote: quoteOf(item.quote) })),
      lessons: answer.lessons.map((lesson) => ({
        text: lesson.text,
        kind: kindOf(lesson.kind),
        line: lesson.line,
      })),
      servedIgnored: [...new Set(answer.servedIgnored)].sort(),
      declined: [],
    });
  },
};

function kindOf(value: number | string): LessonCandidate['kind'] {
  if (typeof value === 'number') return value as LessonCandidate['kind'];
  const found = Object.entries(lessonKinds).find(([, kind]) => kind.name === value);
  if (!found) throw new Error(`lessons.kind: "${value}" is not 1-6 or a kind name`);
  return Number(found[0]) as LessonCandidate['kind'];
}

/**
 * What an agent reflecting on its own session is told (block mode: in its own context; fork
 * mode: on a fork of the session whose tools are limited to memory).
 */
export const SELF_REFLECTION_PROMPT = `Reflection (opencode-plusplus): before you stop, look back over this session for the places where the user had to steer you: a correction, a rejection (including a refused tool call followed by an explanation), "no, like this", a restated requirement, a complaint about quality, a preference you did not know.
For each, ask what you would have needed to know at the start: a standard or preference this user holds, a method they expect applied, a quality bar, a false belief about a tool, language or platform, a false belief about this project, or a modelling error.
Save a lesson only if knowing it at the start would have removed at least one round of steering, it applies to tasks other than this exact file, and it is still true tomorrow. Never save environment-dependent failures, claims that a tool is missing here, transient errors or one-off task narratives; failed tool calls you fixed yourself are not steering. If the user had to repeat a lesson you were served ([lesson L-NNNN] in your context), do not save it again.
Save each lesson with \`opencode-plusplus memory add "<one or two sentences>" --kind <1-6>\` (or edit .agent-context/memory/MEMORY.md); touch nothing else. If nothing qualifies, answer exactly "Nothing to save."`;

/** Bump when the offline criteria change in a way the patterns' text does not show. */
const CRITERIA_VERSION = 1;

export interface CriteriaSettings {
  toolCallThreshold: number;
  turnThreshold: number;
  surpriseThreshold: number;
  reflector: string;
}

/**
 * The fingerprint of the reflection criteria: prompt, cue patterns and thresholds. The backoff
 * after barren reflections counts only reflections made under the current fingerprint.
 */
export function criteriaFingerprint(settings: CriteriaSettings): string {
  return hashValue({
    version: CRITERIA_VERSION,
    system: SYSTEM,
    selfReflection: SELF_REFLECTION_PROMPT,
    cues: CUES.map((cue) => `${cue.kind}:${cue.weight}:${cue.pattern.source}`),
    thresholds: [settings.toolCallThreshold, settings.turnThreshold, settings.surpriseThreshold],
    reflector: settings.reflector,
  }).slice(0, 16);
}

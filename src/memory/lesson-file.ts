/** One lesson, `lessons/L-NNNN.md`: front matter with its facts, then the lesson text. */
import { z } from 'zod';
import { inputError } from '../shared/errors.js';
import { parseFrontMatter, renderFrontMatter } from './front-matter.js';

/** What a lesson is about; the six kinds of knowledge that spare a user a round of steering. */
export const lessonKinds = {
  1: { name: 'preference', description: 'a standard or preference this user holds' },
  2: { name: 'method', description: 'a method they expect applied' },
  3: { name: 'quality-bar', description: 'a quality bar' },
  4: { name: 'tool-belief', description: 'a false belief about a tool, language or platform' },
  5: { name: 'project-belief', description: 'a false belief about this project' },
  6: { name: 'modelling-error', description: 'a modelling error' },
} as const;

export type LessonKind = keyof typeof lessonKinds;

export interface LessonSource {
  /** Session id, or `cli` for `memory add`. */
  session: string;
  /** The transcript the lesson was learned from (a path), when any. */
  transcript?: string | undefined;
  /** 1-based lines of that transcript. */
  lines?: number[] | undefined;
}

export interface Lesson {
  id: string;
  kind: LessonKind;
  /** Posix globs of the files the lesson is about; empty: the whole repository. */
  scope: string[];
  /** `YYYY-MM-DD`. */
  created: string;
  lastServed: string | null;
  timesServed: number;
  timesIgnored: number;
  source: LessonSource;
  status: 'active' | 'forgotten';
  forgottenOn?: string | undefined;
  forgottenReason?: string | undefined;
  text: string;
}

export const LESSON_ID = /^L-\d{4,}$/;
const FIELD_ORDER = [
  'id',
  'kind',
  'scope',
  'created',
  'last_served',
  'times_served',
  'times_ignored',
  'source_session',
  'source_transcript',
  'source_lines',
  'status',
  'forgotten_on',
  'forgotten_reason',
];

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const LessonFieldsSchema = z.looseObject({
  id: z.string().regex(LESSON_ID, 'an id like L-0007'),
  kind: z.number().int().min(1).max(6),
  scope: z.array(z.string().min(1)).default([]),
  created: date,
  last_served: date.nullable().default(null),
  times_served: z.number().int().min(0).default(0),
  times_ignored: z.number().int().min(0).default(0),
  source_session: z.string().default('unknown'),
  source_transcript: z.string().nullable().optional(),
  source_lines: z.array(z.number().int().positive()).nullable().optional(),
  status: z.enum(['active', 'forgotten']).default('active'),
  forgotten_on: date.nullable().optional(),
  forgotten_reason: z.string().nullable().optional(),
});

export function lessonFileName(id: string): string {
  return `lessons/${id}.md`;
}

export function parseLessonFile(text: string, file: string): Lesson {
  const document = parseFrontMatter(text, file);
  const result = LessonFieldsSchema.safeParse(document.fields);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = issue.path.join('.');
    throw inputError(`${key}: ${issue.message}`, { file, key, hint: 'fix the front matter by hand' });
  }
  const fields = result.data;
  const text_ = document.body.trim();
  if (!text_) throw inputError('the lesson has no text below its front matter', { file });
  return {
    id: fields.id,
    kind: fields.kind as LessonKind,
    scope: fields.scope,
    created: fields.created,
    lastServed: fields.last_served,
    timesServed: fields.times_served,
    timesIgnored: fields.times_ignored,
    source: {
      session: fields.source_session,
      transcript: fields.source_transcript ?? undefined,
      lines: fields.source_lines ?? undefined,
    },
    status: fields.status,
    forgottenOn: fields.forgotten_on ?? undefined,
    forgottenReason: fields.forgotten_reason ?? undefined,
    text: text_,
  };
}

export function renderLessonFile(lesson: Lesson): string {
  const fields: Record<string, unknown> = {
    id: lesson.id,
    kind: lesson.kind,
    scope: lesson.scope,
    created: lesson.created,
    last_served: lesson.lastServed,
    times_served: lesson.timesServed,
    times_ignored: lesson.timesIgnored,
    source_session: lesson.source.session,
    source_transcript: lesson.source.transcript,
    source_lines: lesson.source.lines,
    status: lesson.status,
    forgotten_on: lesson.forgottenOn,
    forgotten_reason: lesson.forgottenReason,
  };
  return renderFrontMatter(fields, FIELD_ORDER, lesson.text);
}

/** `L-7`, `l-0007` and `7` all name `L-0007`; anything else is a usage error. */
export function normalizeLessonId(value: string): string {
  const match = /^(?:L-?)?(\d{1,9})$/i.exec(value.trim());
  if (!match) throw inputError(`"${value}" is not a lesson id`, { hint: 'lesson ids look like L-0007' });
  return `L-${match[1]!.padStart(4, '0')}`;
}

export function lessonNumber(id: string): number {
  return Number(id.slice(2));
}

export function parseLessonKind(value: string | number): LessonKind {
  const text = String(value).trim();
  const byNumber = Number(text);
  if (Number.isInteger(byNumber) && byNumber >= 1 && byNumber <= 6) return byNumber as LessonKind;
  for (const [number, kind] of Object.entries(lessonKinds))
    if (kind.name === text) return Number(number) as LessonKind;
  throw inputError(`unknown lesson kind "${text}"`, {
    hint: `use 1-6 or a name: ${Object.entries(lessonKinds)
      .map(([number, kind]) => `${number} ${kind.name}`)
      .join(', ')}`,
  });
}

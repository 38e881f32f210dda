/**
 * Where did the person have to steer the agent? Recall first: every message after the task is a
 * candidate, scored from a base by the cues it carries (patterns.ts), by its context (right after
 * a refused or interrupted tool call, repeating an earlier request or a served lesson) and against
 * the classes of message that are not steering (not-steering.ts). A message is steering when its
 * score reaches the threshold, calibrated on the labelled development sessions (docs/reflection.md).
 */
import { termsOf } from '../../memory/relevance.js';
import type { ServedLessonMention, TranscriptEntry } from '../transcripts/types.js';
import { notSteeringClasses } from './not-steering.js';
import { CUES, type Cue, STEERING_KINDS, type SteeringKind } from './patterns.js';
import { repeatedServedLessons } from './served.js';
import { type UserTurn, userTurns } from './turns.js';

export { type UserTurn, userTurns } from './turns.js';

export interface SteeringFinding {
  /** 1-based line of the transcript file. */
  line: number;
  kind: SteeringKind;
  /** The user's words, on one line, at most 200 characters. */
  quote: string;
  /** The whole message (capped by the reader). */
  text: string;
  /** Why it counts: the cues and context that fired. */
  cues: string[];
  /** Served lessons the message repeats. */
  served: string[];
  /** The turn, for lessons that need what the agent did. */
  turn: UserTurn;
  score: number;
}

/** Every candidate starts here: a message after the task is steering unless something says otherwise. */
export const CANDIDATE_BASE = 1;
/** What one class of not-steering takes away; a second class takes one more. */
export const NOT_STEERING_WEIGHT = 3;
/** Calibrated on the development corpus: the lowest score that is steering. */
export const STEERING_THRESHOLD = 1;

export interface FindSteeringOptions {
  /** The first user message is the task, not steering. @default true */
  firstIsTask?: boolean;
  /** Lessons served to the session: repeating one is steering. */
  served?: ServedLessonMention[];
}

export function findSteering(
  entries: TranscriptEntry[],
  options: FindSteeringOptions = {},
): SteeringFinding[] {
  const turns = userTurns(entries);
  const findings: SteeringFinding[] = [];
  const earlier: Array<Set<string>> = [];
  turns.forEach((turn, index) => {
    const terms = new Set(termsOf(turn.entry.text));
    if (index > 0 || options.firstIsTask === false) {
      const finding = judgeTurn(turn, terms, earlier, options.served ?? []);
      if (finding.score >= STEERING_THRESHOLD) findings.push(finding);
    }
    earlier.push(terms);
  });
  return findings;
}

/** Scores one message; the caller compares the score with the threshold. */
export function judgeTurn(
  turn: UserTurn,
  terms: Set<string>,
  earlier: Array<Set<string>>,
  served: ServedLessonMention[],
): SteeringFinding {
  const text = proseOf(turn.entry.text);
  const classes = notSteeringClasses.filter((candidate) => candidate.applies(text, turn));
  const answering = classes.some((candidate) => candidate.name === 'answer');
  // "No, …" answering the agent's own question is an answer, not a refusal.
  const fired = CUES.filter((candidate) => !(answering && candidate.opener) && candidate.pattern.test(text));
  const scores = new Map<SteeringKind, number>();
  const cues: string[] = [];
  let score = CANDIDATE_BASE;
  const add = (kind: SteeringKind, weight: number, why: string) => {
    scores.set(kind, (scores.get(kind) ?? 0) + weight);
    score += weight;
    cues.push(why);
  };
  for (const candidate of fired) add(candidate.kind, candidate.weight, describe(candidate, text));
  if (turn.afterRefusal) add('rejection', 2, 'follows a refused tool call');
  else if (turn.afterInterrupt) add('rejection', 1, 'follows an interruption');
  if (restates(terms, earlier)) add('restatement', 1, 'repeats an earlier request');
  const repeated = repeatedServedLessons(turn.entry.text, turn.entry.line, served);
  if (repeated.length > 0) add('restatement', 2, `repeats served ${repeated.join(', ')}`);
  classes.forEach((candidate, index) => {
    score -= index === 0 ? NOT_STEERING_WEIGHT : 1;
    cues.push(`not steering? ${candidate.reason}`);
  });
  return {
    line: turn.entry.line,
    kind: kindOf(scores, fired),
    quote: quoteOf(turn.entry.text),
    text: turn.entry.text,
    cues,
    served: repeated,
    turn,
    score,
  };
}

/** The kind with the most weight; an opening "no" says little about what kind of steering follows. */
function kindOf(scores: Map<SteeringKind, number>, fired: Cue[]): SteeringKind {
  const openers = fired.filter((candidate) => candidate.opener).length;
  const adjusted = new Map(scores);
  if (openers > 0 && [...scores.keys()].some((kind) => kind !== 'rejection'))
    adjusted.set('rejection', (adjusted.get('rejection') ?? 0) - 1.5 * openers);
  let best: SteeringKind = 'correction';
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const kind of STEERING_KINDS) {
    const score = adjusted.get(kind) ?? Number.NEGATIVE_INFINITY;
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}

/** At least three of this message's terms, and most of them, were asked for before. */
function restates(terms: Set<string>, earlier: Array<Set<string>>): boolean {
  if (terms.size < 3) return false;
  return earlier.some((previous) => {
    let shared = 0;
    for (const term of terms) if (previous.has(term)) shared += 1;
    return shared >= 3 && shared / terms.size >= 0.6;
  });
}

/** The message without code blocks and quoted lines: cues are read in what the person wrote. */
export function proseOf(text: string): string {
  return text
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    .split('\n')
    .filter((line) => !/^\s*>/.test(line))
    .join('\n')
    .trim();
}

function describe(candidate: Cue, text: string): string {
  const match = candidate.pattern.exec(text)?.[0]?.trim() ?? '';
  return `${candidate.kind}: "${match.replace(/[\s,.!:;—–-]+$/, '')}"`;
}

export function quoteOf(text: string, limit = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1)}…`;
}

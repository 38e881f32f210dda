/**
 * Where did the user have to steer the agent? Each user message after the task is scored by the
 * cues it carries (patterns.ts) and by its context: right after a refused tool call or an
 * interruption, repeating an earlier request. Approvals, new tasks and answers to the agent's own
 * questions are not steering unless a strong cue says otherwise.
 */
import { termsOf } from '../../memory/relevance.js';
import type { TranscriptEntry } from '../transcripts/types.js';
import { APPROVAL, CUES, type Cue, NEW_TASK, STEERING_KINDS, type SteeringKind } from './patterns.js';

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
}

export interface UserTurn {
  entry: TranscriptEntry;
  /** The agent's last words before this message. */
  lastAssistant: string;
  /** A tool call was refused (or the user interrupted) since the previous user message. */
  afterRefusal: boolean;
}

const THRESHOLD = 2;

/** The person's messages with their context; the first one is the task. */
export function userTurns(entries: TranscriptEntry[]): UserTurn[] {
  const turns: UserTurn[] = [];
  let lastAssistant = '';
  let afterRefusal = false;
  for (const entry of entries) {
    if (entry.role === 'assistant') lastAssistant = entry.text;
    else if (entry.role === 'tool-result' && entry.rejected) afterRefusal = true;
    else if (entry.role === 'user' && entry.interrupt) afterRefusal = true;
    else if (entry.role === 'user' && !entry.meta && entry.text.trim()) {
      turns.push({ entry, lastAssistant, afterRefusal });
      afterRefusal = false;
    }
  }
  return turns;
}

export interface FindSteeringOptions {
  /** The first user message is the task, not steering. @default true */
  firstIsTask?: boolean;
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
      const finding = judgeTurn(turn, terms, earlier);
      if (finding) findings.push(finding);
    }
    earlier.push(terms);
  });
  return findings;
}

function judgeTurn(
  turn: UserTurn,
  terms: Set<string>,
  earlier: Array<Set<string>>,
): SteeringFinding | undefined {
  const text = proseOf(turn.entry.text);
  const fired = CUES.filter((candidate) => candidate.pattern.test(text));
  const strong = fired.some((candidate) => candidate.weight === 2);
  const scores = new Map<SteeringKind, number>();
  const cues: string[] = [];
  const add = (kind: SteeringKind, weight: number, why: string) => {
    scores.set(kind, (scores.get(kind) ?? 0) + weight);
    cues.push(why);
  };
  for (const candidate of fired) add(candidate.kind, candidate.weight, describe(candidate, text));
  if (turn.afterRefusal && !APPROVAL.test(text))
    add('rejection', 2, 'follows a refused or interrupted tool call');
  if (restates(terms, earlier)) add('restatement', 1, 'repeats an earlier request');
  if (!strong && !turn.afterRefusal) {
    if (APPROVAL.test(text) || NEW_TASK.test(text)) return undefined;
    if (/\?\s*$/.test(turn.lastAssistant.trim())) return undefined;
  }
  const total = [...scores.values()].reduce((sum, value) => sum + value, 0);
  if (total < THRESHOLD) return undefined;
  return {
    line: turn.entry.line,
    kind: kindOf(scores, fired),
    quote: quoteOf(turn.entry.text),
    text: turn.entry.text,
    cues,
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

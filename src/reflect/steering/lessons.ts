/**
 * From steering to a lesson — or to the reason there is none. A lesson is kept only when knowing
 * it at the start would have spared that round of steering (it states a rule), it reaches beyond
 * the one file at hand, and it stays true tomorrow (no transient trouble, no claims about what is
 * missing on this machine).
 */
import type { LessonKind } from '../../memory/lesson-file.js';
import { termsOf } from '../../memory/relevance.js';
import type { SteeringFinding } from './detect.js';
import { proseOf } from './detect.js';
import { GENERAL, IMPERATIVE, NEGATIVE_TOOL_CLAIM, RULE, TRANSIENT } from './patterns.js';

export interface LessonCandidate {
  text: string;
  kind: LessonKind;
  line: number;
}

export interface Declined {
  line: number;
  text: string;
  reason: string;
}

export type LessonJudgement = { lesson: LessonCandidate } | { declined: Declined };

const MAX_LESSON_CHARS = 300;
const FILE_NAME =
  /(?:^|[\s`'"(])(?:[\w.-]+\/)*[\w-]+\.(?:[cm]?[jt]sx?|json|ya?ml|md|py|go|rs|java|kt|rb|php|cs|c|h|cpp|css|scss|html|sql|toml|sh|txt|lock|env|xml|vue|svelte|astro|swift)\b/i;

export function judgeLesson(finding: SteeringFinding): LessonJudgement {
  const prose = proseOf(finding.text);
  const decline = (reason: string): LessonJudgement => ({
    declined: { line: finding.line, text: finding.quote, reason },
  });
  if (NEGATIVE_TOOL_CLAIM.test(prose)) return decline('a claim about what this machine lacks, not a lesson');
  if (TRANSIENT.test(prose)) return decline('transient or environment-dependent');
  const rule = ruleOf(prose);
  if (!rule) return decline('no rule to keep: it says what was wrong, not what to do');
  if (isOneOff(rule)) return decline('about this one file or task only');
  return { lesson: { text: rule, kind: lessonKindOf(rule, finding), line: finding.line } };
}

/** The sentences that carry the instruction, cleaned into a statement an agent can read cold. */
export function ruleOf(prose: string): string | undefined {
  const sentences = prose
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+|\s+[—–]\s+/)
    .map(cleanSentence)
    .filter((sentence) => sentence.split(' ').length >= 3);
  const rules = sentences.filter(
    (sentence) => (RULE.test(sentence) || IMPERATIVE.test(sentence)) && !/\?$/.test(sentence),
  );
  if (rules.length === 0) return undefined;
  const best = rules
    .map((sentence, index) => ({ sentence, index, score: ruleScore(sentence) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index)
    .map((item) => item.sentence);
  const text = best.join(' ');
  return text.length <= MAX_LESSON_CHARS ? text : `${text.slice(0, MAX_LESSON_CHARS - 1).trimEnd()}…`;
}

function ruleScore(sentence: string): number {
  let score = 0;
  if (GENERAL.test(sentence)) score += 2;
  if (/\b(?:always|never|prefer|must|convention|instead|rather|don'?t|do not|avoid)\b/i.test(sentence))
    score += 2;
  if (RULE.test(sentence)) score += 1;
  return score;
}

const LEADING =
  /^(?:no+|nope|nah|stop|wait|hold on|hang on|actually|in fact|again|ugh|uh|hmm+|ok(?:ay)?|well|sorry|please|so|and|but|also|look|listen|as I (?:said|mentioned|told you|asked)(?: before| earlier| at the start| above)?|like this|here'?s how|do it (?:like this|this way)|like I (?:said|mentioned)|I (?:already )?told you(?: before)?|I said|once again|for the (?:second|third|last) time|that'?s (?:wrong|not (?:it|right|what I (?:asked|wanted)))|this is wrong)\b[\s,.!:;—–-]*/i;

function cleanSentence(sentence: string): string {
  let text = sentence.trim();
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(LEADING, '').trim();
  }
  text = text
    .replace(/^you (?:should|need to|have to|must)\s+/i, '')
    .replace(/^(?:can|could|would|will) you (?:please )?not (.+?)\??$/i, 'Do not $1.')
    .replace(/^(?:can|could|would|will) you (?:please )?(.+?)\?$/i, '$1.')
    .replace(/^(?:can|could|would|will) you (?:please )?/i, '')
    .replace(/^I (?:prefer|like)\b/i, 'The user prefers')
    .replace(/^I(?:'d| would) rather\b/i, 'The user would rather')
    .replace(/^I (?:want|need)\b/i, 'The user wants')
    .replace(/^I (?:hate|dislike|don'?t like)\b/i, 'The user dislikes')
    .replace(/[\s,;:—–-]+$/, '');
  if (!text) return '';
  text = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text.replace(/!+$/, '.') : `${text}.`;
}

/** Names one file (or a line of it) and nothing that makes it general. */
function isOneOff(rule: string): boolean {
  const namesFile = FILE_NAME.test(rule) || /\bline \d+\b/i.test(rule);
  return namesFile && !GENERAL.test(rule.replace(/\bwe\b/i, ''));
}

const KIND_RULES: Array<[LessonKind, RegExp]> = [
  [
    6,
    /\b(?:misunderstood|misread|I meant|you assumed|not what I (?:asked|meant|wanted)|the (?:requirement|goal|task|point|ask) (?:is|was)|wrong (?:problem|requirement)|I asked for|I wanted)\b/i,
  ],
  [
    4,
    /\b(?:doesn'?t|does not|don'?t|isn'?t|is not|can'?t|won'?t|only) (?:work|support|accept|exist|run|allow|need)\w*\b.*\b(?:npm|pnpm|yarn|bun|git|node|bash|zsh|shell|docker|python|pip|typescript|tsc|eslint|biome|prettier|vitest|jest|webpack|vite|cargo|rustc|go|java|sql|postgres|sqlite|linux|macos|windows|posix|api|flag|option|regex|library|framework)\b|\b(?:npm|pnpm|yarn|git|node|bash|docker|python|typescript|tsc|vitest|jest|cargo|sql|postgres|regex)\b.*\b(?:doesn'?t|does not|isn'?t|is not|can'?t|only|deprecated|not supported|removed)\b|\bthat'?s not how\b/i,
  ],
  [
    3,
    /\b(?:tests?|coverage|readab\w+|error handling|types?|any\b|lint|warnings?|too (?:long|verbose|complex)|small(?:er)? functions?|comments?|documentation|docs|edge cases?|quality|clean|robust|naming)\b/i,
  ],
  [
    2,
    /\b(?:first|before|after|then|step|process|workflow|run|check|verify|commit|review|ask me|branch|pull request|PR)\b/i,
  ],
  [
    5,
    /\b(?:this (?:repo|repository|project|codebase)|in (?:our|the) (?:repo|codebase|project)|our|lives? (?:in|under)|is (?:in|under)|located|directory|folder|module|package|we use|src\/|lib\/)\b/i,
  ],
];

const KIND_BY_STEERING: Record<SteeringFinding['kind'], LessonKind> = {
  rejection: 1,
  correction: 5,
  redirect: 2,
  restatement: 1,
  quality: 3,
  preference: 1,
};

export function lessonKindOf(rule: string, finding: SteeringFinding): LessonKind {
  if (/\b(?:prefers?|rather|style|convention)\b/i.test(rule)) return 1;
  return KIND_RULES.find(([, pattern]) => pattern.test(rule))?.[0] ?? KIND_BY_STEERING[finding.kind];
}

/** Two lessons that say nearly the same thing: the later one is dropped. */
export function sameLesson(a: string, b: string): boolean {
  const left = new Set(termsOf(a));
  const right = new Set(termsOf(b));
  if (left.size === 0 || right.size === 0) return false;
  let shared = 0;
  for (const term of left) if (right.has(term)) shared += 1;
  return shared / Math.min(left.size, right.size) >= 0.75;
}

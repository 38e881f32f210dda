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
import { lessonKindOf } from './kinds.js';
import { isOnlyApproval } from './not-steering.js';
import {
  GENERAL,
  IMPERATIVE,
  NARRATIVE,
  NEGATIVE_TOOL_CLAIM,
  ONE_OFF_EDIT,
  RULE,
  STILL_FAILING,
  TIME_LIMITED,
  TRANSIENT_TROUBLE,
} from './patterns.js';

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

const MAX_LESSON_CHARS = 400;
const FILE_NAME =
  /(?:^|[\s`'"(])(?:[\w.-]+\/)*[\w-]+\.(?:[cm]?[jt]sx?|json|ya?ml|md|py|go|rs|java|kt|rb|php|cs|c|h|cpp|css|scss|html|sql|toml|sh|txt|lock|env|xml|vue|svelte|astro|swift)\b/i;

export function judgeLesson(finding: SteeringFinding): LessonJudgement {
  const prose = proseOf(inlineShortCode(finding.text));
  const decline = (reason: string): LessonJudgement => ({
    declined: { line: finding.line, text: finding.quote, reason },
  });
  if (NEGATIVE_TOOL_CLAIM.test(prose)) return decline('a claim about what this machine lacks, not a lesson');
  if (TIME_LIMITED.test(prose)) return decline('a one-off, time-limited instruction');
  if (NARRATIVE.test(prose)) return decline('a narrative about this task, not a rule');
  if (ONE_OFF_EDIT.test(prose)) return decline('one edit to the work at hand, not a rule');
  if (TRANSIENT_TROUBLE.test(prose)) return decline('transient or environment-dependent');
  if (STILL_FAILING.test(prose) && !PRESCRIPTIVE.test(prose))
    return decline('reports that it still fails: the agent is not done, nothing to learn');
  const rule = (termsOf(prose).length >= 2 ? ruleOf(prose) : undefined) ?? contextRuleOf(finding);
  if (!rule) return decline('no rule to keep: it says what was wrong, not what to do');
  if (isOneOff(rule)) return decline('about this one file or task only');
  return { lesson: { text: rule, kind: lessonKindOf(`${prose} ${rule}`, finding.kind), line: finding.line } };
}

/** A one-line code block (`set -euo pipefail`) is often the fact itself: kept as inline code. */
function inlineShortCode(text: string): string {
  return text.replace(/```[\w-]*\n?([^\n`]{1,120})\n?```/g, (_block, code: string) => ` \`${code.trim()}\` `);
}

/**
 * The lesson in one sentence, in the person's words: the sentences that carry the rule and the
 * facts behind it (the tool, the file kind, the reason) in their order, joined with semicolons;
 * questions, approvals and asides are left out, and when it runs long the weakest go first.
 */
export function ruleOf(prose: string): string | undefined {
  const sentences = sentencesOf(prose)
    .map(cleanSentence)
    .filter((sentence) => sentence.split(' ').length >= 3 && !isOnlyApproval(sentence));
  const scored = sentences
    .map((sentence, index) => ({
      sentence: sentence.replace(/[.!?]+$/, ''),
      index,
      score: ruleScore(sentence),
    }))
    .filter((item) => item.score >= 0);
  if (
    !scored.some(
      (item) => RULE.test(item.sentence) || IMPERATIVE.test(item.sentence) || FACT.test(item.sentence),
    )
  )
    return undefined;
  const kept = [...scored];
  while (kept.length > 1 && length(kept) > MAX_LESSON_CHARS) {
    const weakest = kept.reduce((low, item) =>
      item.score < low.score || (item.score === low.score && item.index > low.index) ? item : low,
    );
    kept.splice(kept.indexOf(weakest), 1);
  }
  return oneSentence(kept.map((item) => item.sentence));
}

function length(items: Array<{ sentence: string }>): number {
  return items.reduce((sum, item) => sum + item.sentence.length + 2, 0);
}

/**
 * A terse message ("no.", "again?"): the lesson is what the agent had just done, which the person
 * refused, and what the agent understood it should do instead (its reply usually says).
 */
export function contextRuleOf(finding: SteeringFinding): string | undefined {
  const refused = planOf(finding.turn.lastAssistant);
  const instead = acknowledgementOf(finding.turn.nextAssistant);
  if (!refused && !instead) return undefined;
  const said = cleanSentence(proseOf(finding.text)).replace(/[.!?]+$/, '');
  const parts = [
    said.split(' ').length >= 2 || termsOf(said).length > 0 ? `"${said}"` : undefined,
    refused ? `not: ${refused}` : undefined,
    instead ? `instead: ${instead}` : undefined,
  ].filter((part): part is string => Boolean(part));
  return oneSentence(parts);
}

/** The agent's own account of what it was about to do or did. */
function planOf(text: string): string | undefined {
  const plans = sentencesOf(text).filter((sentence) =>
    /\b(?:I'?ll|I will|I'?m going to|let me|I'?ve|I (?:added|used|made|wrote|changed|put|moved|set))\b/i.test(
      sentence,
    ),
  );
  const plan = plans.at(-1);
  return plan?.replace(/^.*?\b(?:I'?ll|I will|I'?m going to|let me|I'?ve)\s+/i, '').replace(/[.!?:]+$/, '');
}

function acknowledgementOf(text: string): string | undefined {
  const first = sentencesOf(text)
    .map((sentence) =>
      sentence
        .replace(
          /^(?:understood|got it|right|ok(?:ay)?|sorry|you'?re right|good (?:point|catch)|makes sense|agreed|noted)\b[\s,.!:;—–-]*/i,
          '',
        )
        .trim(),
    )
    .find((sentence) => sentence.split(' ').length >= 2);
  return first?.replace(/[.!?:]+$/, '');
}

const FACT =
  /\b(?:is|are|isn'?t|aren'?t|was|has|have|hasn'?t|doesn'?t|does not|don'?t|can'?t|never|only|returns?|gives?|makes?|breaks?|switches|sorts?|drops?|owns?|lives?|uses?|needs?|gets?|goes|takes?|tells?|means?|works?|runs?|belongs?)\b/i;

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+|\s+[—–]\s+|;\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function oneSentence(parts: string[]): string | undefined {
  if (parts.length === 0) return undefined;
  const text = `${parts.join('; ')}.`.replace(/\s+/g, ' ');
  const first = text[0]!.toUpperCase() + text.slice(1);
  return first.length <= MAX_LESSON_CHARS ? first : `${first.slice(0, MAX_LESSON_CHARS - 1).trimEnd()}…`;
}

/** How much a sentence says what to do: prescriptions first, then general facts and reasons. */
function ruleScore(sentence: string): number {
  let score = 0;
  if (PRESCRIPTIVE.test(sentence) || IMPERATIVE.test(sentence)) score += 3;
  if (GENERAL.test(sentence)) score += 1;
  if (FACT.test(sentence)) score += 1;
  if (/\b(?:because|since|so that|otherwise|that'?s why|which (?:means|is why))\b/i.test(sentence))
    score += 1;
  if (/\?$/.test(sentence) && !PRESCRIPTIVE.test(sentence)) score -= 2;
  if (/^(?:sure|fine|great|lol|heh|sigh|let'?s pretend)\b/i.test(sentence)) score -= 1;
  return score;
}

const PRESCRIPTIVE =
  /\b(?:always|never|prefer|must(?:n'?t)?|should(?:n'?t)?|convention|instead|rather|don'?t|do not|avoid|only|has to|have to|needs? to|needs|make sure|use|keep|goes? (?:in|through|into)|belongs?|lives? in|are (?:\w+ )?(?:never|always)|what (?:you|we) want|the (?:right|correct|proper) (?:way|fix|thing)|needs?)\b/i;

const LEADING =
  /^(?:(?:no+|nope|nah|stop|wait|hold on|hang on|hmm+|ok(?:ay)?|so|well|fine|sure|right)(?=\s*[,.!:;—–-])|actually|in fact|again|ugh|uh|sorry|please|pls|plz|and|but|also|look(?=[,:])|listen(?=[,:])|whoa|careful|as I (?:said|mentioned|told you|asked)(?: before| earlier| at the start| above)?|like this|here'?s how|do it (?:like this|this way)|like I (?:said|mentioned)|I (?:already )?told you(?: before)?|I said|once again|for the (?:second|third|last) time|that'?s (?:wrong|not (?:it|right|what I (?:asked|wanted)))|this is wrong)\b[\s,.!:;—–-]*/i;

function cleanSentence(sentence: string): string {
  let text = sentence.trim();
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(LEADING, '').trim();
  }
  text = text
    .replace(/^you (?:should|need to|have to|must)\s+/i, '')
    .replace(/^(?:can|could|would|will) (?:you|we) (?:please |maybe |perhaps )*not (.+?)\??$/i, 'Do not $1.')
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
/** An edit to one file or line ("rename it in foo.ts"), not a fact about where things are. */
function isOneOff(rule: string): boolean {
  const namesFile = FILE_NAME.test(rule) || /\bline \d+\b/i.test(rule);
  if (!namesFile || GENERAL.test(rule.replace(/\bwe\b/i, ''))) return false;
  return !/\b(?:lives?|is|are|belongs?|goes|comes? from|owns?|defined|configured|set)\b/i.test(rule);
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

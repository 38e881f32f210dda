/**
 * Every message after the task is a candidate for steering; these are the kinds of message that
 * are not, however they are worded: an approval, a new independent request, an answer to the
 * agent's own question, a plain question, venting with no redirect, a transient retry, an FYI.
 * Each class is a test on the message (its prose, without code and quotes) and its context; a
 * class that applies weighs against the message, and only strong cues can outweigh it.
 */
import { agentAsked, type UserTurn } from './turns.js';

export interface NotSteeringClass {
  name: string;
  /** Why a message of this class is not steering, for the record. */
  reason: string;
  applies(prose: string, turn: UserTurn): boolean;
}

const EMOJI = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D/gu;

/** Words of thanks, approval and acceptance, alone or together. */
const APPROVAL_WORDS =
  /^(?:yes|yep|yeah|yup|ya|ok(?:ay)?|k|sure|great|thanks?|thank you|thx|ty|cheers|perfect|lgtm|looks good(?: to me)?|nice(?: one)?|cool|good|fine|alright|all right|right|ah|oh|got it|makes sense|i see|understood|works|that works|it works|go ahead|go for it|continue|proceed|carry on|do it|ship it|sounds good|awesome|excellent|exactly|correct|agreed|done|then|so|now|much better|better|love it|brilliant|amazing|neat|sweet|yay|wonderful|that'?s it|that'?s right|keep it(?: then)?|leave it(?: then)?|good (?:call|catch|point))$/i;

const NEGATION =
  /\b(?:no|not|never|nothing|nobody|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|hasn'?t|haven'?t|won'?t|can'?t|cannot|shouldn'?t|wouldn'?t|stop|wrong|instead of|rather than)\b|\b(?:do|does|did|is|are|was|were|has|have|had|wo|ca|should|would|could|must|need)n'?t\b/i;

/** A message made only of approval words (and emoji, punctuation). */
export function isOnlyApproval(prose: string): boolean {
  const parts = prose
    .replace(EMOJI, ' ')
    .toLowerCase()
    .split(/[\s]*[,.!;:—–-]+[\s]*|\s+(?:and|but)\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return true;
  return parts.every(
    (part) => APPROVAL_WORDS.test(part) || part.split(/\s+/).every((word) => APPROVAL_WORDS.test(word)),
  );
}

const APPROVAL_OPENER =
  /^\s*(?:(?:\p{Extended_Pictographic}|\uFE0F)\s*)*(?:yes|yep|yeah|ok(?:ay)?|sure|great|thanks?|thank you|thx|ty|perfect|lgtm|looks good|nice|cool|good|awesome|excellent|ah right|alright)\b[\s,.!:;—–-]*/iu;

/** Asking for more work: "also", "too", "one more", "while you're at it", "next". */
const ADDITIVE =
  /\balso\b|\btoo\s*[?.!]*\s*$|\btoo\?|\bas well\b|\bone more\b|\banother\b|\bwhile (?:you'?re|you are|we'?re|we are) (?:at it|in there|there|here)\b|^\s*(?:now|next|then|moving on)\b|\bnext,? (?:can|could|please|let'?s)\b/i;

/** Moving on: "now …", "next, …", "then …", after an optional approval. */
const MOVES_ON =
  /^\s*(?:(?:\p{Extended_Pictographic}|\uFE0F)\s*)*(?:(?:yes|yep|ok(?:ay)?|great|good|thanks|thank you|nice|cool|perfect|looks great|looks good|awesome)[\s,.!]+)?(?:now|next|then|and now|moving on|one more thing)\b/iu;

/** Consent to go on, and closing words. */
const GO_AHEAD =
  /^\s*(?:(?:yes|yep|ok(?:ay)?|sure|sounds good|great|good|perfect|fine)[\s,.!]+)?(?:go ahead|go for it|proceed|ship it|do it)\b|\b(?:that'?s|that is) (?:all|it)(?: for (?:now|today))?\s*[.!]*$|\bthat'?ll be all\b|\bnothing else\b/i;

/** A request: "can you …", "please …", "let's …", or an imperative opening a clause. */
const REQUEST =
  /\b(?:can|could|would|will) you\b|\bplease\b|\blet'?s\b|\bi(?:'d| would) like\b|\bwe (?:also )?need\b|(?:^|[.:;!?]\s+|,\s+)(?:add|do|make|write|create|update|bump|check|fix|handle|change|rename|move|include|extend|implement|support|try|look into)\b/i;

/** Trouble that passes: the network, a registry, a flaky service. */
const PASSING_TROUBLE =
  /\b(?:vpn|network|wi-?fi|connection|internet|registry|hiccup|blip|glitch|flak\w*|outage|timed? ?out|timeout|rate[- ]?limit\w*|503|502|504|down|offline|it does (?:that|this)|happens|transient|temporar\w*|intermittent)\b/i;
const RETRY =
  /\b(?:try|run|do) (?:it |that |this )?again\b|\bre-?try\b|\bre-?run\b|\bone more (?:try|time)\b|\bgive it another (?:go|try|shot)\b/i;

/** Exasperation at a tool or a third party, not at what the agent did. */
const VENTING =
  /^\s*(?:ugh+|argh+|sigh|meh|ffs|omg|welp)\b|\b(?:sigh|whatever|always a (?:circus|pain|mess|nightmare)|every single time|it does (?:this|that) every|of course it|classic|so annoying|hate (?:it when|when|this)|what a (?:pain|mess)|useless|circus|nightmare)\b/i;
/** Words aimed at the agent's work: a venting message that has them redirects after all. */
const DIRECTED =
  /\byou\b|\byour\b|\b(?:please|should|must|need to|has to|have to|instead|rather)\b|(?:^|[.:;!?—–]\s*)(?:don'?t|never|stop|use|do not|make|keep|put|add|remove|revert|undo)\b/i;

/** A reaction with no words in it: "lol", "wow", "interesting". */
const REACTION = /^\s*(?:lol|lmao|haha+|heh|hah|wow|whoa|interesting|huh|oh|ah|oops|hm+)\s*[.!?]*\s*$/i;

const FYI =
  /^\s*(?:fyi|f\.y\.i\.|for context|for the record|heads[- ]up|btw|by the way|just so you know|side note|context:)\b/i;

export const notSteeringClasses: NotSteeringClass[] = [
  {
    name: 'approval',
    reason: 'approves or thanks and asks for nothing else',
    applies: (prose) =>
      isOnlyApproval(prose) ||
      (APPROVAL_OPENER.test(prose) && isAcceptance(prose)) ||
      (GO_AHEAD.test(prose) && !NEGATION.test(prose) && wordCount(prose) <= 12),
  },
  {
    name: 'new-request',
    reason: 'asks for new, independent work',
    applies: (prose) =>
      asksForMore(prose) && !NEGATION.test(prose.replace(/\b(?:instead of|rather than) the\b/gi, '')),
  },
  {
    name: 'answer',
    reason: "answers the agent's question",
    applies: (_prose, turn) => agentAsked(turn),
  },
  {
    name: 'question',
    reason: 'asks a question and states nothing',
    applies: (prose, turn) => !turn.afterRefusal && isOnlyQuestions(prose),
  },
  {
    name: 'venting',
    reason: 'vents about a tool or a third party and redirects nothing',
    applies: (prose) => VENTING.test(prose) && !DIRECTED.test(prose.replace(/\bgo ahead\b/gi, '')),
  },
  {
    name: 'transient-retry',
    reason: 'asks to retry after a transient failure',
    applies: (prose, turn) =>
      RETRY.test(prose) && (PASSING_TROUBLE.test(prose) || turn.afterFailure) && wordCount(prose) <= 30,
  },
  {
    name: 'reaction',
    reason: 'a reaction with nothing in it to act on',
    applies: (prose) => REACTION.test(prose.replace(EMOJI, ' ')),
  },
  {
    name: 'informational',
    reason: 'gives background (FYI), not a redirect',
    applies: (prose) => FYI.test(prose),
  },
];

function asksForMore(prose: string): boolean {
  if (MOVES_ON.test(prose)) return true;
  const request = REQUEST.test(prose);
  const approves = APPROVAL_OPENER.test(prose);
  return (ADDITIVE.test(prose) && (request || approves)) || (request && approves);
}

/** "ok keep it then", "ah right, fine then": short, and nothing in it negates or corrects. */
function isAcceptance(prose: string): boolean {
  const rest = prose.replace(APPROVAL_OPENER, '').trim();
  return wordCount(rest) <= 4 && !NEGATION.test(rest) && !/\b(?:but|however|though)\b/i.test(rest);
}

function isOnlyQuestions(prose: string): boolean {
  const sentences = prose
    .replace(EMOJI, ' ')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /\w/.test(sentence));
  return (
    sentences.length > 0 && sentences.every((sentence) => sentence.endsWith('?') && wordCount(sentence) >= 3)
  );
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /\w/.test(word)).length;
}

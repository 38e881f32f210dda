/**
 * The person's messages with the context a reader of the session would use to tell steering from
 * conversation: what the agent last said and did, whether it asked something or claimed to be done,
 * whether a tool call was refused or the person interrupted, and what the agent answered next.
 */
import { inputSummary, type TranscriptEntry } from '../transcripts/types.js';

export interface UserTurn {
  entry: TranscriptEntry;
  /** The agent's last words before this message. */
  lastAssistant: string;
  /** What the agent did since the previous message: its words and tool calls, in order. */
  lastAction: string;
  /** The agent's first words after this message (it often restates what it was told). */
  nextAssistant: string;
  /** A tool call was refused since the previous user message. */
  afterRefusal: boolean;
  /** The person interrupted the agent since the previous user message. */
  afterInterrupt: boolean;
  /** A tool call failed since the previous user message. */
  afterFailure: boolean;
}

/** Agent words that ask the person something. */
const ASKS =
  /\?\s*$|\b(?:do you want|would you like|should I|shall I|want me to|ok(?:ay)? to|let me know (?:if|whether|which))\b[^.!]*$/i;

/** Agent words that report the work as finished. */
const CLAIMS_DONE =
  /\b(?:done|finished|all set|ready for review|tests? (?:now )?pass(?:es|ed)?|passes|is (?:fixed|in place|updated|clean)|now (?:uses|works|covers|renders|returns))\b/i;

/** The agent's last words ask the person something (in one of their last three sentences). */
export function agentAsked(turn: Pick<UserTurn, 'lastAssistant'>): boolean {
  const sentences = turn.lastAssistant
    .trim()
    .split(/(?<=[.!?])\s+/)
    .slice(-3);
  return sentences.some((sentence) => ASKS.test(sentence));
}

export function agentClaimedDone(turn: Pick<UserTurn, 'lastAssistant'>): boolean {
  return CLAIMS_DONE.test(turn.lastAssistant);
}

/** The person's messages, in order; a message the host wrote twice in a row (Codex) counts once. */
export function userTurns(entries: TranscriptEntry[]): UserTurn[] {
  const turns: UserTurn[] = [];
  let state = freshState();
  let lastAssistant = '';
  for (const entry of entries) {
    if (entry.role === 'assistant') {
      lastAssistant = entry.text;
      state.action.push(entry.text);
      const previous = turns.at(-1);
      if (previous && !previous.nextAssistant) previous.nextAssistant = entry.text;
    } else if (entry.role === 'tool-call')
      state.action.push(`${entry.tool ?? 'tool'} ${inputSummary(entry.input)}`);
    else if (entry.role === 'tool-result') {
      if (entry.rejected) state.refused = true;
      else if (entry.failed) state.failed = true;
    } else if (entry.interrupt) state.interrupted = true;
    else if (!entry.meta && entry.text.trim() && !isEcho(entry, turns.at(-1)?.entry)) {
      turns.push({
        entry,
        lastAssistant,
        lastAction: state.action.join('\n'),
        nextAssistant: '',
        afterRefusal: state.refused,
        afterInterrupt: state.interrupted,
        afterFailure: state.failed,
      });
      state = freshState();
    }
  }
  return turns;
}

/** Codex writes each message twice, on consecutive lines. */
function isEcho(entry: TranscriptEntry, previous: TranscriptEntry | undefined): boolean {
  return previous !== undefined && previous.text === entry.text && entry.line - previous.line <= 1;
}

function freshState() {
  return { action: [] as string[], refused: false, interrupted: false, failed: false };
}

/**
 * Text a host writes in the user's name — reminders with served lessons, hook output, local
 * slash commands and their output, compact summaries, caveats, Codex's environment and AGENTS.md
 * blocks — is not the person's words. One home for telling them apart, used by every reader on
 * each text block: a block that is all host text is context; a block that wraps the person's
 * words in host tags keeps the words.
 */

import { cap, OTHER_TEXT_CAP, type TranscriptEntry, USER_TEXT_CAP } from './types.js';

/** Tags whose whole content the host wrote. */
const HOST_TAGS = [
  'system-reminder',
  'user-prompt-submit-hook',
  'command-name',
  'command-message',
  'command-args',
  'command-contents',
  'local-command-stdout',
  'local-command-stderr',
  'bash-input',
  'bash-stdout',
  'bash-stderr',
  'environment_context',
  'user_instructions',
  'user_shell_command',
  'turn_aborted',
  'INSTRUCTIONS',
  'hook-output',
  'session-start-hook',
];

const TAGGED = new RegExp(`<(${HOST_TAGS.join('|')})\\b[^>]*>[\\s\\S]*?(?:</\\1>|$)`, 'g');

/** A block that starts like this is host text as a whole. */
const HOST_OPENERS =
  /^\s*(?:\w[\w -]* hook (?:feedback|blocking error|error|output|additional context)\b|[\w-]+ hook (?:says|said):|Reflection \(opencode-plusplus\)|Caveat: The messages below were generated|This session is being continued from a previous conversation|# AGENTS\.md instructions|\[Image #?\d*\]\s*$|Base directory for this skill:)/i;

const INTERRUPTED = /^\s*\[Request interrupted by user(?: for tool use)?\]/;

export interface SplitText {
  /** The person's own words, trimmed; empty when the block is all host text. */
  person: string;
  /** The block was (also) host text. */
  hadHostText: boolean;
  /** The block is the host's note that the person interrupted the agent. */
  interrupt: boolean;
}

/** Splits one text block into the person's words and the host's. */
export function splitHostText(text: string): SplitText {
  if (INTERRUPTED.test(text)) return { person: '', hadHostText: true, interrupt: true };
  if (HOST_OPENERS.test(text)) return { person: '', hadHostText: true, interrupt: false };
  const person = text.replace(TAGGED, ' ').trim();
  return {
    person: person === text.trim() ? person : tidy(person),
    hadHostText: person !== text.trim(),
    interrupt: false,
  };
}

function tidy(text: string): string {
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

/** True when the block carries no words of the person's. */
export function isHostText(text: string): boolean {
  return splitHostText(text).person === '';
}

/**
 * One message's text blocks as entries, block by block: a `<system-reminder>` block before the
 * request is context and the request is the person's (joining them first would lose the request
 * to the reminder). `meta` marks a message the host wrote as a whole (Claude Code's `isMeta`).
 */
export function userTextEntries(texts: string[], line: number, meta = false): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const words: string[] = [];
  for (const text of texts) {
    if (!text.trim()) continue;
    const split = splitHostText(text);
    if (split.interrupt)
      entries.push({ line, role: 'user', text: '[interrupted]', meta: true, interrupt: true });
    else if (split.hadHostText || meta)
      entries.push({ line, role: 'user', text: cap(text.trim(), OTHER_TEXT_CAP), meta: true });
    if (!meta && split.person) words.push(split.person);
  }
  if (words.length > 0) entries.push({ line, role: 'user', text: cap(words.join('\n\n'), USER_TEXT_CAP) });
  return entries;
}

/**
 * The stream-level stuck detector: inside one executor run, an agent that repeats the same tool
 * call with the same result, hits the same error again and again, or talks for many messages
 * without acting is stopped early, and the reason is said.
 */
import { hashValue } from '../../shared/hash.js';
import type { AgentEvent } from './events.js';

export interface StuckLimits {
  /** The same call with the same result this many times in a row. @default 4 */
  repeatedCalls: number;
  /** The same error message this many times. @default 3 */
  repeatedErrors: number;
  /** Messages in a row without any tool call or command. @default 12 */
  messagesWithoutAction: number;
}

export const DEFAULT_STUCK_LIMITS: StuckLimits = {
  repeatedCalls: 4,
  repeatedErrors: 3,
  messagesWithoutAction: 12,
};

export interface StuckVerdict {
  rule: 'repeated-tool-call' | 'repeated-error' | 'no-action';
  detail: string;
}

export interface StuckDetector {
  /** Feeds one event; returns a verdict the first time the executor looks stuck. */
  observe(event: AgentEvent): StuckVerdict | undefined;
}

export function createStuckDetector(limits: StuckLimits = DEFAULT_STUCK_LIMITS): StuckDetector {
  let lastCall: string | undefined;
  let sameCalls = 0;
  const errors = new Map<string, number>();
  let quietMessages = 0;
  return {
    observe(event) {
      const call = callKey(event);
      if (call) {
        quietMessages = 0;
        sameCalls = call.key === lastCall ? sameCalls + 1 : 1;
        lastCall = call.key;
        if (sameCalls >= limits.repeatedCalls)
          return {
            rule: 'repeated-tool-call',
            detail: `${call.label} returned the same result ${sameCalls} times in a row`,
          };
        return undefined;
      }
      if (event.type === 'error') {
        const count = (errors.get(event.message) ?? 0) + 1;
        errors.set(event.message, count);
        if (count >= limits.repeatedErrors)
          return {
            rule: 'repeated-error',
            detail: `the same error ${count} times: ${event.message.slice(0, 200)}`,
          };
      }
      if (event.type === 'message' && ++quietMessages >= limits.messagesWithoutAction)
        return { rule: 'no-action', detail: `${quietMessages} messages without a tool call or command` };
      return undefined;
    },
  };
}

function callKey(event: AgentEvent): { key: string; label: string } | undefined {
  if (event.type === 'tool-call')
    return {
      key: hashValue(['tool', event.tool, event.input ?? null, event.output ?? null]),
      label: event.tool,
    };
  if (event.type === 'command')
    return {
      key: hashValue(['command', event.command, event.exitCode ?? null, event.output ?? null]),
      label: `command \`${event.command.slice(0, 80)}\``,
    };
  return undefined;
}

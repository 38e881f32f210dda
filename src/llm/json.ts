/**
 * Asking a model for one JSON value: the answer is parsed and validated by the caller's `accept`;
 * an invalid answer gets exactly one retry that says what was wrong; a failed call gets none
 * (a server that is down or slow will not be better a second later). Every call is recorded.
 */
import {
  type ChatMessage,
  type ChatRequest,
  isLlmError,
  type LlmCallRecord,
  type LlmProvider,
} from './types.js';

export type JsonOutcome<T> =
  | { ok: true; value: T; calls: LlmCallRecord[] }
  | { ok: false; reason: string; calls: LlmCallRecord[] };

/** Throws an `Error` whose message says what is wrong with `value`; returns the accepted value. */
export type Accept<T> = (value: unknown) => T;

export async function completeJson<T>(
  provider: LlmProvider,
  request: ChatRequest,
  accept: Accept<T>,
  retries = 1,
): Promise<JsonOutcome<T>> {
  const calls: LlmCallRecord[] = [];
  const messages: ChatMessage[] = [...request.messages];
  let problem = '';
  for (let attempt = 0; attempt <= retries; attempt++) {
    let text: string;
    try {
      const response = await provider.complete({ ...request, messages });
      calls.push(response.call);
      text = response.text;
    } catch (error) {
      if (!isLlmError(error)) throw error;
      calls.push(error.call);
      return { ok: false, reason: `${error.kind}: ${error.message}`, calls };
    }
    try {
      return { ok: true, value: accept(parseJsonAnswer(text)), calls };
    } catch (error) {
      problem = (error as Error).message;
      calls[calls.length - 1] = { ...calls[calls.length - 1]!, outcome: 'invalid', error: problem };
      messages.push(
        { role: 'assistant', content: text },
        {
          role: 'user',
          content: `That answer was not accepted: ${problem}. Reply with only the JSON object.`,
        },
      );
    }
  }
  return { ok: false, reason: `invalid answer after ${retries + 1} attempt(s): ${problem}`, calls };
}

/** The JSON value of a reply: the whole text, or the one fenced code block it consists of. */
export function parseJsonAnswer(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  const body = fenced ? fenced[1]! : trimmed;
  try {
    return JSON.parse(body);
  } catch (error) {
    const shown = trimmed.length > 80 ? `${trimmed.slice(0, 77)}...` : trimmed;
    throw new Error(`not JSON (${(error as Error).message}): ${JSON.stringify(shown)}`);
  }
}

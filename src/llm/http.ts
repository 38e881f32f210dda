/**
 * One JSON POST with a deadline that covers connecting, waiting and reading the body. Every way
 * it can fail becomes a `LlmFailureKind`, so a reflector can fall back and say exactly why.
 */
import type { LlmFailureKind } from './types.js';

export interface PostResult {
  body: unknown;
  durationMs: number;
}

export class HttpFailure extends Error {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

export async function postJson(
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  timeoutMs: number,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(payload),
      signal: controller.signal,
    });
    const text = await response.text();
    if (!response.ok) throw statusFailure(response.status, text, elapsed());
    return { body: parseBody(text, response.headers.get('content-type'), elapsed()), durationMs: elapsed() };
  } catch (error) {
    if (error instanceof HttpFailure) throw error;
    if (controller.signal.aborted)
      throw new HttpFailure('timeout', `no answer from ${url} within ${timeoutMs} ms`, elapsed());
    throw new HttpFailure('unreachable', `cannot reach ${url}: ${describeNetworkError(error)}`, elapsed());
  } finally {
    clearTimeout(timer);
  }
}

function statusFailure(status: number, text: string, durationMs: number): HttpFailure {
  const kind: LlmFailureKind = status === 401 || status === 403 ? 'auth' : 'http';
  return new HttpFailure(kind, `HTTP ${status}: ${excerpt(text)}`, durationMs);
}

function parseBody(text: string, contentType: string | null, durationMs: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const type = contentType ? ` (${contentType.split(';')[0]})` : '';
    throw new HttpFailure(
      'malformed',
      `the server answered with non-JSON${type}: ${excerpt(text)}`,
      durationMs,
    );
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.code;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The first 160 characters of a body, on one line: enough to recognise an HTML error page. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat || '(empty body)';
}

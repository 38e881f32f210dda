/**
 * Forwards a call's bus events as MCP progress notifications when the client asked for them (a
 * `progressToken` in the request's `_meta`). Stage starts and ends always go out; per-file
 * progress at most every PROGRESS_INTERVAL_MS, so a 10k-file scan does not flood the client.
 */
import type { BusEvent, EventBus } from '../shared/events.js';

const PROGRESS_INTERVAL_MS = 200;

export interface ProgressNotification {
  method: 'notifications/progress';
  params: { progressToken: string | number; progress: number; total?: number; message?: string };
}

export type NotificationSender = (notification: ProgressNotification) => Promise<void>;

/** Starts forwarding; returns the function that stops it. */
export function forwardProgress(
  bus: EventBus,
  progressToken: string | number | undefined,
  send: NotificationSender,
): () => void {
  if (progressToken === undefined) return () => undefined;
  let sent = 0;
  let lastProgressAt = 0;
  return bus.on((event) => {
    const message = describe(event);
    if (message === undefined) return;
    if (event.type === 'progress') {
      const now = Date.now();
      if (now - lastProgressAt < PROGRESS_INTERVAL_MS && event.done < event.total) return;
      lastProgressAt = now;
    }
    // MCP wants `progress` to grow with every notification: count them, the stage says where.
    sent += 1;
    send({ method: 'notifications/progress', params: { progressToken, progress: sent, message } }).catch(
      () => undefined,
    );
  });
}

function describe(event: BusEvent): string | undefined {
  if (event.type === 'stage') return `${event.stage}: ${event.status}`;
  if (event.type === 'progress') return `${event.stage}: ${event.done}/${event.total}`;
  return event.level === 'debug' ? undefined : event.message;
}

/**
 * Stages never print. They report progress and log lines on an event bus; the CLI decides what a
 * person sees (a progress bar on a TTY, nothing under --json, ndjson for machines).
 */
export type ProgressEvent = { type: 'progress'; stage: string; done: number; total: number };
export type LogEvent = { type: 'log'; level: 'debug' | 'info' | 'warn'; message: string };
export type StageEvent = { type: 'stage'; stage: string; status: 'start' | 'end'; durationMs?: number };
export type BusEvent = ProgressEvent | LogEvent | StageEvent;

export type Listener = (event: BusEvent) => void;

export class EventBus {
  private readonly listeners = new Set<Listener>();

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: BusEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  progress(stage: string, done: number, total: number): void {
    if (this.listeners.size > 0) this.emit({ type: 'progress', stage, done, total });
  }

  log(level: LogEvent['level'], message: string): void {
    this.emit({ type: 'log', level, message });
  }

  /** Times a stage and reports its start and end. */
  async stage<T>(stage: string, action: () => Promise<T> | T): Promise<T> {
    this.emit({ type: 'stage', stage, status: 'start' });
    const started = performance.now();
    try {
      return await action();
    } finally {
      this.emit({ type: 'stage', stage, status: 'end', durationMs: performance.now() - started });
    }
  }
}

/** A bus nobody listens to, for library calls that did not pass one. */
export function silentBus(): EventBus {
  return new EventBus();
}

/**
 * `OPP_SIDECAR_TRACE=1`: one stderr line per step of an edit's way to "fresh" (the watcher's
 * callback, the batch, its filter, the refresh and its stages, the barrier, the answer to a
 * waiting `/status`), each with `performance.now()` and the time since the previous line, so
 * where the milliseconds go can be read off one run instead of guessed. Off, it costs one check.
 */
const enabled = process.env.OPP_SIDECAR_TRACE === '1';
let previous: number | undefined;

export function traceStep(step: string): void {
  if (!enabled) return;
  const now = performance.now();
  const since = previous === undefined ? 0 : now - previous;
  previous = now;
  process.stderr.write(`[trace ${now.toFixed(1)} +${since.toFixed(1)} ms] ${step}\n`);
}

export function tracing(): boolean {
  return enabled;
}

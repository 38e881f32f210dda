/**
 * A barrier through the watcher: touch a marker file and wait for the watcher to report it. The
 * native watcher reads the OS's events in order and hands each batch over together, so once the
 * marker's event is here, every change made before the touch has been handed over too — however
 * long the watcher held it (about 50 ms after a burst, up to 500 ms in continuous change). That
 * is what "the watcher has told us everything" means; waiting a fixed time only guesses at it.
 *
 * The marker lives under `.agent-context/sidecar/` (machine-local, git-ignored), watched by a
 * subscription of its own: the repository's subscription ignores `.agent-context/` natively.
 */
import { promises as fsp } from 'node:fs';
import watcher from '@parcel/watcher';
import { writeFileAtomic } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { SIDECAR_DIR } from './files.js';
import { traceStep } from './trace.js';

const MARKER = `${SIDECAR_DIR}/barrier`;
/** Callbacks of one batch reach us one after the other: let the repository's run before ours counts. */
const AFTER_BATCH_MS = 5;

export interface WatchBarrier {
  /** The `performance.now()` at which the latest barrier that came back was raised (0 before any). */
  passedFor(): number;
  /** Raises a barrier unless one raised at or after `since` is on its way (one at a time). */
  request(since: number): void;
  close(): Promise<void>;
}

/** Watches the marker; undefined when it cannot (the caller then waits a fixed time instead). */
export async function watchBarrier(root: string, onPassed: () => void): Promise<WatchBarrier | undefined> {
  const marker = absolutePath(root, MARKER);
  let passedFor = 0;
  let raisedAt: number | undefined;
  let wanted: number | undefined;
  const raise = () => {
    raisedAt = performance.now();
    traceStep('barrier: raised');
    wanted = undefined;
    const at = new Date();
    // A marker removed by hand is written again: its creation is an event as good as the touch.
    fsp.utimes(marker, at, at).catch(() => fsp.writeFile(marker, 'barrier\n').catch(() => undefined));
  };
  await writeFileAtomic(marker, 'barrier\n', root);
  const subscription = await watcher
    .subscribe(absolutePath(root, SIDECAR_DIR), (error, events) => {
      if (error || raisedAt === undefined || !events.some((event) => event.path === marker)) return;
      const raised = raisedAt;
      traceStep('barrier: its event came');
      setTimeout(() => {
        passedFor = Math.max(passedFor, raised);
        traceStep('barrier: passed');
        if (raisedAt === raised) raisedAt = undefined;
        if (wanted !== undefined && raisedAt === undefined) raise();
        onPassed();
      }, AFTER_BATCH_MS);
    })
    .catch(() => undefined);
  if (!subscription) return undefined;
  return {
    passedFor: () => passedFor,
    request(since) {
      if (passedFor >= since) return;
      if (raisedAt === undefined) raise();
      else if (raisedAt < since) wanted = since;
    },
    close: () => subscription.unsubscribe(),
  };
}

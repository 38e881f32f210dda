/**
 * The worker pool for cold builds: parsing is CPU-bound and files are independent. The main
 * thread parses batches from the same queue as the workers, so `n` workers use `n + 1` cores.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pathExistsSync } from '../shared/fs.js';
import { type ExtractJob, extractFacts } from './extract.js';
import type { FileFacts } from './types.js';

/**
 * Below this many files, starting a worker costs more than it saves (its module loading and a
 * second warm-up of the parser; see docs/benchmarks.md, "The cold build on both cores").
 */
export const MIN_FILES_FOR_WORKERS = 1000;
const MAX_WORKERS = 8;
/** Batches a worker holds at once: one being parsed, one waiting, so it never idles on the main thread. */
const IN_FLIGHT = 2;

/** The compiled worker script, or undefined when running from TypeScript sources (tests). */
export function workerScript(): string | undefined {
  const url = new URL('./worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.js')) return undefined;
  const path = fileURLToPath(url);
  return pathExistsSync(path) ? path : undefined;
}

/**
 * Workers beside the main thread: one per core but the main thread's, for enough files, and none
 * on two cores. There V8's own garbage collection and compiler threads already keep the second
 * core a third busy while the main thread parses, and a worker warms up its own parser (about
 * 1 s of CPU): on the 10k tree one worker cut the main thread's parsing from 2.5–3.5 s to
 * 1.6–1.9 s of CPU but added 1–2 s of CPU in all, so the two cores end about as late.
 */
export function plannedWorkers(setting: 'auto' | number, jobs: number): number {
  if (setting !== 'auto') return setting;
  const cores = availableParallelism();
  if (jobs < MIN_FILES_FOR_WORKERS || cores <= 2) return 0;
  return Math.min(cores - 1, MAX_WORKERS);
}

interface Batch {
  start: number;
  jobs: ExtractJob[];
}

/**
 * Extracts facts for `jobs` on `count` workers and the main thread, in batches, preserving
 * order. The main thread's adapters must be initialised for these jobs' languages.
 */
export async function extractInWorkers(
  script: string,
  jobs: ExtractJob[],
  count: number,
  onProgress: (done: number) => void,
): Promise<FileFacts[]> {
  const results: FileFacts[] = new Array(jobs.length);
  const queue = batchesOf(jobs, count + 1);
  let done = 0;
  const store = (start: number, facts: readonly FileFacts[]) => {
    facts.forEach((entry, offset) => {
      results[start + offset] = entry;
    });
    done += facts.length;
    onProgress(done);
  };
  const workers = Array.from({ length: Math.min(count, queue.length) }, () => new Worker(script));
  try {
    await Promise.all([
      ...workers.map((worker) => drainOnWorker(worker, queue, store)),
      drainOnMain(queue, store),
    ]);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}

/** Batches small enough that the main thread answers its workers often (about 25 ms of parsing each). */
function batchesOf(jobs: ExtractJob[], threads: number): Batch[] {
  const size = Math.max(16, Math.min(64, Math.ceil(jobs.length / (threads * 8))));
  const batches: Batch[] = [];
  for (let start = 0; start < jobs.length; start += size)
    batches.push({ start, jobs: jobs.slice(start, start + size) });
  // Taken from the end (`pop`): reverse so the first files go first.
  return batches.reverse();
}

type Store = (start: number, facts: readonly FileFacts[]) => void;

/** Parses batches on the main thread, yielding between them so workers get their next batch. */
async function drainOnMain(queue: Batch[], store: Store): Promise<void> {
  for (let batch = queue.pop(); batch; batch = queue.pop()) {
    store(
      batch.start,
      batch.jobs.map((job) => extractFacts(job)),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function drainOnWorker(worker: Worker, queue: Batch[], store: Store): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let inFlight = 0;
    const send = () => {
      const batch = queue.pop();
      if (!batch) {
        if (inFlight === 0) resolve();
        return;
      }
      inFlight++;
      worker.postMessage({ id: batch.start, jobs: batch.jobs });
    };
    worker.on('message', (message: { id: number; facts: FileFacts[] }) => {
      inFlight--;
      store(message.id, message.facts);
      send();
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`index worker exited with code ${code}`));
    });
    for (let slot = 0; slot < IN_FLIGHT; slot++) send();
  });
}

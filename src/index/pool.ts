/** A small worker pool for cold builds: parsing is CPU-bound and files are independent. */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pathExistsSync } from '../shared/fs.js';
import type { ExtractJob } from './extract.js';
import type { FileFacts } from './types.js';

/** Below this many files, starting workers costs more than it saves. */
export const MIN_FILES_FOR_WORKERS = 1000;

/** The compiled worker script, or undefined when running from TypeScript sources (tests). */
export function workerScript(): string | undefined {
  const url = new URL('./worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.js')) return undefined;
  const path = fileURLToPath(url);
  return pathExistsSync(path) ? path : undefined;
}

export function plannedWorkers(setting: 'auto' | number, jobs: number): number {
  if (setting !== 'auto') return setting;
  if (jobs < MIN_FILES_FOR_WORKERS) return 0;
  // The main thread parses too slowly to idle: with the fast scanner, shipping facts back from a
  // worker costs about what parsing them costs, so workers pay only when they leave a core free.
  const cores = availableParallelism();
  return cores <= 2 ? 0 : Math.min(cores - 1, 8);
}

/** Extracts facts for `jobs` on `count` workers, in batches, preserving order. */
export async function extractInWorkers(
  script: string,
  jobs: ExtractJob[],
  count: number,
  onProgress: (done: number) => void,
): Promise<FileFacts[]> {
  const results: FileFacts[] = new Array(jobs.length);
  const batchSize = Math.max(16, Math.min(200, Math.ceil(jobs.length / (count * 8))));
  const batches: Array<{ start: number; jobs: ExtractJob[] }> = [];
  for (let start = 0; start < jobs.length; start += batchSize)
    batches.push({ start, jobs: jobs.slice(start, start + batchSize) });
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: Math.min(count, batches.length) }, () => new Worker(script));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              const batch = batches[next++];
              if (!batch) return resolve();
              worker.postMessage({ id: batch.start, jobs: batch.jobs });
            };
            worker.on('message', (message: { id: number; facts: FileFacts[] }) => {
              message.facts.forEach((facts, offset) => {
                results[message.id + offset] = facts;
              });
              done += message.facts.length;
              onProgress(done);
              send();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`index worker exited with code ${code}`));
            });
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}

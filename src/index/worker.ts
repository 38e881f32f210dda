/** Worker thread: receives batches of extract jobs, answers with facts in the same order. */
import { parentPort } from 'node:worker_threads';
import { type ExtractJob, extractFacts } from './extract.js';
import { adapterFor, initAdapters } from './languages/registry.js';

parentPort?.on('message', async (message: { id: number; jobs: ExtractJob[] }) => {
  // Load only the grammars this batch needs (each adapter's init is idempotent and shared).
  await initAdapters(new Set(message.jobs.map((job) => adapterFor(job.language).id)));
  const facts = message.jobs.map((job) => extractFacts(job));
  parentPort!.postMessage({ id: message.id, facts });
});

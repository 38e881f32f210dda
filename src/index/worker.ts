/** Worker thread: receives batches of extract jobs, answers with facts in the same order. */
import { parentPort } from 'node:worker_threads';
import { type ExtractJob, extractFacts } from './extract.js';
import { initAdapters } from './languages/registry.js';

const ready = initAdapters();

parentPort?.on('message', async (message: { id: number; jobs: ExtractJob[] }) => {
  await ready;
  const facts = message.jobs.map((job) => extractFacts(job));
  parentPort!.postMessage({ id: message.id, facts });
});

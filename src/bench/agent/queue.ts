/**
 * Scale-out on BullMQ (Redis): every (task, mode) becomes a job, `worker` processes take jobs
 * from any machine that reaches Redis, and results come back as the jobs' return values. No
 * scheduler of our own: a worker killed mid-job stops renewing its lock, BullMQ's stalled-job
 * check puts the job back, and another worker runs it. Results are joined by (task, mode), so a
 * retried job is never counted twice.
 */
import { randomBytes } from 'node:crypto';
import { type ConnectionOptions, type Job, Queue, QueueEvents, Worker } from 'bullmq';
import { usageError } from '../../shared/errors.js';
import type { EventBus } from '../../shared/events.js';
import type { BenchmarkJob } from './job.js';
import { failedResult, resultKey, type TaskResult, TaskResultSchema } from './results.js';

export const QUEUE_NAME = 'ocpp-benchmark-agent';
/** A job whose worker died is retried once it has stalled this many times; then it fails. */
const MAX_STALLED = 3;

/** `redis://[user:password@]host[:port][/db]` as connection options; anything else is a usage error. */
export function redisConnection(url: string): ConnectionOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usageError(`--queue must be a redis:// URL, got "${url}"`, 'e.g. --queue redis://127.0.0.1:6379');
  }
  if (parsed.protocol !== 'redis:' || !parsed.hostname)
    throw usageError(`--queue must be a redis:// URL, got "${url}"`, 'e.g. --queue redis://127.0.0.1:6379');
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db ? { db: Number(db) } : {}),
  };
}

/** Puts every job on the queue and waits for all of their results. */
export async function runOnQueue(
  url: string,
  jobs: readonly BenchmarkJob[],
  bus: EventBus,
): Promise<TaskResult[]> {
  const connection = redisConnection(url);
  const queue = new Queue(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection });
  try {
    await events.waitUntilReady();
    const run = randomBytes(6).toString('hex');
    const added = await queue.addBulk(
      jobs.map((job) => ({
        name: `${job.task.id} (${job.mode})`,
        data: job,
        opts: {
          jobId: `${run}-${job.task.id}-${job.mode}`,
          attempts: 2,
          removeOnComplete: false,
          removeOnFail: false,
        },
      })),
    );
    bus.log('info', `queued ${added.length} job(s) as run ${run} on ${url}; waiting for workers`);
    let done = 0;
    const results = await Promise.all(
      added.map(async (job, index) => {
        const result = await finishedResult(job, events, jobs[index]!);
        bus.log(
          'info',
          `[${++done}/${added.length}] ${result.task} (${result.mode}): ${result.solved ? 'solved' : 'not solved'}`,
        );
        return result;
      }),
    );
    return uniqueResults(results);
  } finally {
    await events.close();
    await queue.close();
  }
}

async function finishedResult(job: Job, events: QueueEvents, sent: BenchmarkJob): Promise<TaskResult> {
  try {
    return TaskResultSchema.parse(await job.waitUntilFinished(events));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failedResult(
      sent.task.id,
      sent.mode,
      sent.agent.executor,
      `the job failed on its worker: ${reason}`,
    );
  }
}

function uniqueResults(results: readonly TaskResult[]): TaskResult[] {
  const byKey = new Map<string, TaskResult>();
  for (const result of results) if (!byKey.has(resultKey(result))) byKey.set(resultKey(result), result);
  return [...byKey.values()];
}

export interface WorkerOptions {
  concurrency: number;
  /** How long a job may go without its worker's heartbeat before another worker takes it over. */
  stallMs: number;
  bus: EventBus;
  process: (job: BenchmarkJob) => Promise<TaskResult>;
}

/** Takes jobs until `stop()` is called; the returned promise settles once the worker is closed. */
export function startWorker(
  url: string,
  options: WorkerOptions,
): { stop(): Promise<void>; closed: Promise<void> } {
  const worker = new Worker<BenchmarkJob, TaskResult>(
    QUEUE_NAME,
    async (job) => {
      options.bus.log(
        'info',
        `job ${job.id}: ${job.data.task.id} (${job.data.mode}), attempt ${job.attemptsMade + 1}`,
      );
      return options.process(job.data);
    },
    {
      connection: redisConnection(url),
      concurrency: options.concurrency,
      lockDuration: options.stallMs,
      stalledInterval: Math.max(500, Math.floor(options.stallMs / 2)),
      maxStalledCount: MAX_STALLED,
    },
  );
  worker.on('error', (error) => options.bus.log('warn', `worker: ${error.message}`));
  worker.on('completed', (job) => options.bus.log('info', `job ${job.id}: done`));
  worker.on('failed', (job, error) => options.bus.log('warn', `job ${job?.id}: failed: ${error.message}`));
  let closing: Promise<void> | undefined;
  const closed = new Promise<void>((resolve) => worker.on('closed', () => resolve()));
  return {
    stop: () => {
      closing ??= worker.close();
      return closing;
    },
    closed,
  };
}

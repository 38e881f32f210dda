import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { verboseOption } from './options.js';

interface WorkerFlags extends CommonOptions {
  queue?: string;
  concurrency?: string;
  stallMs?: string;
}

const description =
  "Take benchmark-agent jobs from a BullMQ queue (Redis) and run them here until stopped (SIGINT or SIGTERM: the running job finishes first). Start any number of workers on any machines that reach Redis and see the suite's repositories at the same paths (or use git URLs in the suite). A worker killed mid-job stops renewing its lock; after --stall-ms another worker takes the job over, and its result is counted once.";

export const workerCommand: CommandDefinition = (program, context) => {
  program
    .command('worker')
    .summary('run benchmark-agent jobs from a queue')
    .description(description)
    .requiredOption('--queue <url>', 'redis://host:port of the queue benchmark-agent --queue fills')
    .option('--concurrency <n>', 'jobs run at once in this worker (default 1)')
    .option(
      '--stall-ms <ms>',
      'how long a job may go without its worker before another takes it over (default 30000)',
    )
    .addOption(verboseOption())
    .action(async (options: WorkerFlags) =>
      runAction(context, options, async (bus) => {
        const [{ parseCount }, { redisConnection, startWorker }, { runJob }] = await Promise.all([
          import('../parse.js'),
          import('../../bench/agent/queue.js'),
          import('../../bench/agent/index.js'),
        ]);
        const url = options.queue!;
        redisConnection(url);
        const env = { ...process.env, ...context.io.env };
        const worker = startWorker(url, {
          concurrency: options.concurrency ? parseCount(options.concurrency, '--concurrency') : 1,
          stallMs: options.stallMs ? parseCount(options.stallMs, '--stall-ms', 1000) : 30_000,
          bus,
          process: (job) => runJob(job, env, bus),
        });
        bus.log('info', `worker ${process.pid} taking jobs from ${url}`);
        const stop = () => void worker.stop();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        await worker.closed;
        return 0;
      }),
    );
};

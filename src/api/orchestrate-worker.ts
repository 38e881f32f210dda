/**
 * The detached process behind `startBackgroundRun`: runs one orchestrator run under the id it was
 * given, holding the run's `background.lock` meanwhile, with its log lines on stderr (the log
 * file). Exit 0 when the run finalized, 1 when it ended otherwise, 2 when it failed.
 */
import { EventBus } from '../shared/events.js';
import { acquireLock } from '../shared/lock.js';
import { absolutePath } from '../shared/path.js';
import { orchestrate } from './orchestrate.js';
import type { BackgroundRequest } from './orchestrate-background.js';
import { backgroundRunFiles } from './orchestrate-background.js';

async function main(): Promise<number> {
  const request = JSON.parse(process.argv[2] ?? '{}') as BackgroundRequest;
  const release = await acquireLock(absolutePath(request.home, backgroundRunFiles(request.runId).lock), {
    waitMs: 0,
    purpose: 'the orchestrator run',
  });
  const bus = new EventBus();
  bus.on((event) => {
    if (event.type === 'log' && event.level !== 'debug')
      process.stderr.write(`${new Date().toISOString()} ${event.message}\n`);
  });
  try {
    process.stderr.write(`${new Date().toISOString()} run ${request.runId}: ${request.task}\n`);
    const result = await orchestrate(request.task, request.home, {
      ...request.options,
      runId: request.runId,
      bus,
    });
    process.stderr.write(`${new Date().toISOString()} done: ${result.decision?.action ?? 'no decision'}\n`);
    return result.decision?.action === 'finalize' ? 0 : 1;
  } finally {
    await release();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`${new Date().toISOString()} failed: ${error.stack ?? error.message}\n`);
    process.exitCode = 2;
  },
);

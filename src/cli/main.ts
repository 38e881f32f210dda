#!/usr/bin/env node
import { processIO } from './io.js';
import { executeCli } from './run.js';

const io = processIO();
// A reader that stops early (`| head`) is not an error: stop quietly, as other CLIs do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
executeCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
    // A hook's answer is written: work it gave up on (its time limit) must not keep the host waiting.
    if (process.argv[2] === 'hook') process.exit(code);
  },
  (error: unknown) => {
    io.stderr.write(`internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 2;
  },
);

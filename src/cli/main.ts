#!/usr/bin/env node
import { processIO } from './io.js';
import { executeCli } from './run.js';

const io = processIO();
executeCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    io.stderr.write(`internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 2;
  },
);

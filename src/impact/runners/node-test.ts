import { type RunnerCommands, withFiles } from './runner.js';

/** `node --test a.test.js b.test.js`. */
export const nodeTestCommands: RunnerCommands = { id: 'node-test', commandFor: withFiles };

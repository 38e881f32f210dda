import { type RunnerCommands, withFiles } from './runner.js';

/** `mocha a.test.js b.test.js`. */
export const mochaCommands: RunnerCommands = { id: 'mocha', commandFor: withFiles };

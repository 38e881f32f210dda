import { type RunnerCommands, withFiles } from './runner.js';

/** `vitest run a.test.ts b.test.ts` (file arguments filter the run). */
export const vitestCommands: RunnerCommands = { id: 'vitest', commandFor: withFiles };

import { type RunnerCommands, shellQuote } from './runner.js';

/** `jest --runTestsByPath a.test.js`: exact paths, not regular expressions. */
export const jestCommands: RunnerCommands = {
  id: 'jest',
  commandFor: (entry, tests) =>
    [
      entry.command,
      ...(entry.command.includes('--runTestsByPath') ? [] : ['--runTestsByPath']),
      ...tests.map(shellQuote),
    ].join(' '),
};

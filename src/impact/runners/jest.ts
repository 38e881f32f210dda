import { chunks, FILES_PER_COMMAND, type RunnerCommands, shellQuote } from './runner.js';

/** `jest --runTestsByPath a.test.js`: exact paths, not regular expressions. */
export const jestCommands: RunnerCommands = {
  id: 'jest',
  commandsFor: (entry, tests) =>
    chunks(tests, FILES_PER_COMMAND).map((group) =>
      [
        entry.command,
        ...(entry.command.includes('--runTestsByPath') ? [] : ['--runTestsByPath']),
        ...group.map(shellQuote),
      ].join(' '),
    ),
};

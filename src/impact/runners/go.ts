import { directoryOf } from '../../shared/path.js';
import { groupBy, type RunnerCommands, shellQuote } from './runner.js';

/**
 * Go runs packages, not files: per package folder, `go test -run '^(TestA|TestB)$' ./pkg` with
 * the test functions the chosen files declare (the whole package when none are known).
 */
export const goCommands: RunnerCommands = {
  id: 'go',
  commandsFor: (entry, tests, facts) =>
    groupBy(tests, directoryOf).map(([folder, files]) => {
      const names = [...new Set(files.flatMap((file) => facts.testNamesOf(file)))].sort();
      const run =
        names.length === 0
          ? []
          : ['-run', shellQuote(`^${names.length === 1 ? names[0] : `(${names.join('|')})`}$`)];
      return [entry.command, ...run, shellQuote(folder ? `./${folder}` : './')].join(' ');
    }),
  // `go test` alone runs the root package only.
  wholeSuite: (entry) => entry.fullCommand,
};

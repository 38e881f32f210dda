import { directoryOf } from '../../shared/path.js';
import { anchoredAlternatives, groupBy, type RunnerCommands, shellQuote } from './runner.js';

/**
 * Go runs packages, not files: per package folder, `go test -run '^(TestA|TestB)$' ./pkg` with
 * the chosen cases of a file, or all the test functions it declares (the whole package when none
 * are known).
 */
export const goCommands: RunnerCommands = {
  id: 'go',
  commandsFor: (entry, tests, facts) =>
    groupBy(tests, directoryOf).map(([folder, files]) => {
      const namesOf = (file: string) =>
        facts.casesOf(file)?.map((testCase) => testCase.titles[0]!) ?? facts.testNamesOf(file);
      const names = [...new Set(files.flatMap(namesOf))].sort();
      const wholePackage = files.some((file) => namesOf(file).length === 0);
      const run = names.length === 0 || wholePackage ? [] : ['-run', shellQuote(anchoredAlternatives(names))];
      return [entry.command, ...run, shellQuote(folder ? `./${folder}` : './')].join(' ');
    }),
  // `go test` alone runs the root package only.
  wholeSuite: (entry) => entry.fullCommand,
  singlesOut: () => true,
};

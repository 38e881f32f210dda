/**
 * JavaScript runners that filter by a test's name: files without chosen cases in one command,
 * each file with chosen cases in its own, narrowed by a regular expression on the cases' names.
 */
import type { TestRunnerEntry, TestRunnerId } from '../../contracts/index.js';
import type { CaseTitles } from '../cases/test-case.js';
import {
  anchoredAlternatives,
  chunks,
  FILES_PER_COMMAND,
  type RunnerCommands,
  shellQuote,
  withFiles,
} from './runner.js';

interface NameFilter {
  id: TestRunnerId;
  flag: string;
  /** The commands for these files (default: the runner's command followed by them). */
  withTests?: (entry: TestRunnerEntry, tests: readonly string[]) => string[];
  /** The pattern running exactly these cases. */
  patternOf(cases: readonly CaseTitles[]): string;
  /** The names the runner matches the pattern against, for a case (to tell whether another case would match too). */
  namesOf(testCase: CaseTitles): string[];
}

function fullName(testCase: CaseTitles): string {
  return testCase.titles.join(' ');
}

function nameFilterRunner(filter: NameFilter): RunnerCommands {
  const files = filter.withTests ?? ((entry, tests) => withFiles(entry, tests));
  return {
    id: filter.id,
    commandsFor: (entry, tests, facts) => {
      const whole = tests.filter((test) => !facts.casesOf(test));
      const narrowed = tests.filter((test) => facts.casesOf(test));
      return [
        ...(whole.length > 0 ? files(entry, whole) : []),
        // The filter before the file: node takes what follows its first file as the script's own arguments.
        ...narrowed.flatMap((test) => {
          const pattern = shellQuote(filter.patternOf(facts.casesOf(test)!));
          return files({ ...entry, command: `${entry.command} ${filter.flag} ${pattern}` }, [test]);
        }),
      ];
    },
    singlesOut: (testCase, all) => {
      const pattern = new RegExp(filter.patternOf([testCase]));
      return all.every(
        (other) => other === testCase || !filter.namesOf(other).some((name) => pattern.test(name)),
      );
    },
  };
}

/** vitest, jest and mocha match a pattern against a case's full name: its groups' titles and its own, joined by spaces. */
function fullNameFilter(id: TestRunnerId, flag: string, withTests?: NameFilter['withTests']): RunnerCommands {
  return nameFilterRunner({
    id,
    flag,
    ...(withTests ? { withTests } : {}),
    patternOf: (cases) => anchoredAlternatives(cases.map(fullName)),
    namesOf: (testCase) => [fullName(testCase)],
  });
}

export const vitestCommands = fullNameFilter('vitest', '-t');
export const mochaCommands = fullNameFilter('mocha', '--grep');

/** jest: `--runTestsByPath` takes exact paths, not regular expressions. */
export const jestCommands = fullNameFilter('jest', '-t', (entry, tests) =>
  chunks(tests, FILES_PER_COMMAND).map((group) =>
    [
      entry.command,
      ...(entry.command.includes('--runTestsByPath') ? [] : ['--runTestsByPath']),
      ...group.map(shellQuote),
    ].join(' '),
  ),
);

/**
 * node:test on Node 20 matches `--test-name-pattern` against each test's and suite's own name
 * (later versions against the full name): a pattern ending in the case's title after a start or
 * a space matches both, so a case is singled out only when no other title of the file ends so.
 */
export const nodeTestCommands = nameFilterRunner({
  id: 'node-test',
  flag: '--test-name-pattern',
  patternOf: (cases) =>
    anchoredAlternatives(
      cases.map((testCase) => testCase.titles[testCase.titles.length - 1]!),
      '(^| )',
    ),
  namesOf: (testCase) => [...testCase.titles, fullName(testCase)],
});

import { type RunnerCommands, withFiles } from './runner.js';

/** `python -m pytest tests/test_a.py tests/test_b.py::TestX::test_y`: pytest takes paths and node ids. */
export const pytestCommands: RunnerCommands = {
  id: 'pytest',
  commandsFor: (entry, tests, facts) =>
    withFiles(
      entry,
      tests.flatMap(
        (test) => facts.casesOf(test)?.map((testCase) => [test, ...testCase.titles].join('::')) ?? [test],
      ),
    ),
  singlesOut: () => true,
};

/** `python -m unittest tests.test_a tests.test_b.TestX.test_y`: dotted module names, a case by its class and method. */
export const unittestCommands: RunnerCommands = {
  id: 'unittest',
  commandsFor: (entry, tests, facts) =>
    withFiles(
      entry,
      tests.flatMap((test) => {
        const module = test.replace(/\.py$/, '').replace(/\//g, '.');
        return facts.casesOf(test)?.map((testCase) => [module, ...testCase.titles].join('.')) ?? [module];
      }),
    ),
  // unittest runs methods of TestCase classes; a pytest-style top-level function is no unittest case.
  singlesOut: (testCase) => testCase.titles.length === 2,
};

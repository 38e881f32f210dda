import { fileRunner, type RunnerCommands, withFiles } from './runner.js';

/** `python -m pytest tests/test_a.py`: pytest takes paths (and `path::name` node ids). */
export const pytestCommands: RunnerCommands = fileRunner('pytest');

/** `python -m unittest tests.test_a`: unittest takes dotted module names. */
export const unittestCommands: RunnerCommands = {
  id: 'unittest',
  commandsFor: (entry, tests) =>
    withFiles(
      entry,
      tests.map((test) => test.replace(/\.py$/, '').replace(/\//g, '.')),
    ),
};

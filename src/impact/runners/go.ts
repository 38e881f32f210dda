import { directoryOf } from '../../shared/path.js';
import { type RunnerCommands, shellQuote } from './runner.js';

/** Go runs packages, not files: `go test ./a ./b` for the folders of the chosen tests. */
export const goCommands: RunnerCommands = {
  id: 'go',
  commandFor: (entry, tests) => {
    const packages = [...new Set(tests.map((test) => directoryOf(test)))]
      .sort()
      .map((folder) => (folder ? `./${folder}` : '.'));
    return [entry.command, ...packages.map(shellQuote)].join(' ');
  },
};

import type { RunnerCommands } from './runner.js';
import { shellQuote } from './runner.js';

/** uvu takes a folder and a pattern, not files: `uvu tests '(^|/)(a\.test\.js|b\.test\.js)$'`. */
export const uvuCommands: RunnerCommands = {
  id: 'uvu',
  commandsFor: (entry, tests) => {
    const folder = entry.command.split(' ').pop() ?? '';
    const relative = tests.map((test) =>
      (test.startsWith(`${folder}/`) ? test.slice(folder.length + 1) : test).replace(
        /[.*+?^${}()|[\]\\]/g,
        '\\$&',
      ),
    );
    return [`${entry.command} ${shellQuote(`^(${relative.join('|')})$`)}`];
  },
};

/** vitest: one runner per vitest config (a workspace may have several), include/exclude read from each. */
import type { TestRunnerEntry } from '../../schema.js';
import { fullCommandFor, type NodeContext, uses } from './node-context.js';
import { arrayLiteral, runnerEntry } from './shared.js';

const DEFAULT_INCLUDE = ['**/*.{test,spec}.?(c|m)[jt]s?(x)'];

export function vitestRunners(context: NodeContext): TestRunnerEntry[] {
  const configs = context.input.files
    .map((file) => file.path)
    .filter((path) => /^vitest(\.[\w-]+)*\.config(\.[\w-]+)*\.[cm]?[jt]s$/.test(path))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  if (!uses(context, 'vitest') && configs.length === 0) return [];
  return (configs.length > 0 ? configs : [undefined]).map((config) => vitestRunner(context, config));
}

function vitestRunner(context: NodeContext, config: string | undefined): TestRunnerEntry {
  const text = config ? context.input.readFile(config) : undefined;
  const isDefault = !config || /^vitest\.config\.[cm]?[jt]s$/.test(config);
  const command = `${context.exec} vitest run${isDefault ? '' : ` --config ${config}`}`;
  const script = config
    ? Object.keys(context.scripts)
        .sort()
        .find((name) => context.scripts[name]!.includes(config))
    : undefined;
  const fullCommand = script
    ? `${context.run} ${script}`
    : isDefault
      ? fullCommandFor(context, /\bvitest\b/, command)
      : command;
  return runnerEntry('vitest', arrayLiteral(text, 'include') ?? DEFAULT_INCLUDE, command, fullCommand, {
    exclude: arrayLiteral(text, 'exclude') ?? [],
    ...(config ? { comment: `From ${config}.` } : {}),
  });
}

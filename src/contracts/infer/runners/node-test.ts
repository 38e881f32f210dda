/**
 * node:test (`node --test`): without arguments Node runs the files matching its default patterns;
 * TypeScript files only where Node strips types by default (22.18+, 23.6+) or a flag or loader
 * says so. Arguments are folders (searched with the defaults) or globs.
 */
import type { TestRunnerEntry } from '../../schema.js';
import { fullCommandFor, type NodeContext, nodeVersion, scriptBody } from './node-context.js';
import { positionalArguments, runnerEntry } from './shared.js';

const NODE_TEST = /\bnode\s+(?:--[\w-]+(?:[= ][^\s-][^\s]*)?\s+)*--test\b/;

export function nodeTestRunner(context: NodeContext): TestRunnerEntry | undefined {
  const script = scriptBody(context, NODE_TEST);
  if (!script) return undefined;
  const typescript = runsTypeScript(script, nodeVersion(context));
  const extensions = typescript ? '{js,mjs,cjs,ts,mts,cts}' : '{js,mjs,cjs}';
  const leaves = [
    `*.test.${extensions}`,
    `*-test.${extensions}`,
    `*_test.${extensions}`,
    `test-*.${extensions}`,
    `test.${extensions}`,
  ];
  const args = positionalArguments(script, NODE_TEST);
  const include =
    args.length === 0
      ? [...leaves.map((leaf) => `**/${leaf}`), `**/test/**/*.${extensions}`]
      : args.flatMap((arg) =>
          /[*?{[]/.test(arg) || /\.[cm]?[jt]s$/.test(arg)
            ? [arg]
            : leaves.map((leaf) => `${arg.replace(/\/+$/, '')}/**/${leaf}`),
        );
  return runnerEntry('node-test', include, 'node --test', fullCommandFor(context, NODE_TEST, 'node --test'), {
    comment: typescript
      ? 'node --test runs .js, .mjs, .cjs and TypeScript files here.'
      : 'node --test runs only .js, .mjs and .cjs files on the Node versions this project supports (TypeScript needs Node 22.18+ or a loader).',
  });
}

/** Whether `node --test` runs .ts files: a type-stripping flag or loader, or a Node version that strips by default. */
function runsTypeScript(script: string, version: [number, number] | undefined): boolean {
  if (
    /--experimental-strip-types|--experimental-transform-types|--import[= ](tsx|ts-node)|--loader[= ](tsx|ts-node)|--require[= ](tsx|ts-node)/.test(
      script,
    )
  )
    return true;
  if (!version) return false;
  const [major, minor] = version;
  return major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
}

/**
 * JavaScript and TypeScript test runners, detected from package.json (dependencies and scripts)
 * and each runner's own config file, with each runner's documented default file patterns.
 * The order is the order files are claimed in: a file belongs to the first runner that matches.
 */
import type { TestRunnerEntry } from '../../schema.js';
import type { InferenceInput } from '../input.js';
import { fullCommandFor, type NodeContext, nodeContext, scriptBody, uses } from './node-context.js';
import { nodeTestRunner } from './node-test.js';
import {
  argumentGlobs,
  arrayLiteral,
  firstFile,
  positionalArguments,
  readJson,
  runnerEntry,
  stringList,
  yamlList,
} from './shared.js';
import { vitestRunners } from './vitest.js';

const JS = '?([cm])[jt]s?(x)';
const SCRIPT_EXTENSIONS = '{js,cjs,mjs,ts,cts,mts,jsx,tsx}';

export function nodeRunners(input: InferenceInput): TestRunnerEntry[] {
  const context = nodeContext(input);
  if (!context) return [];
  const detectors: Array<(context: NodeContext) => TestRunnerEntry[] | TestRunnerEntry | undefined> = [
    tstycheRunner,
    (found) => playwrightRunner(found, true),
    vitestRunners,
    jestRunner,
    avaRunner,
    tapRunner,
    borpRunner,
    nodeTestRunner,
    mochaRunner,
    uvuRunner,
    bunRunner,
    (found) => playwrightRunner(found, false),
  ];
  return detectors.flatMap((detect) => {
    const found = detect(context);
    return found === undefined ? [] : Array.isArray(found) ? found : [found];
  });
}

function jestRunner(context: NodeContext): TestRunnerEntry | undefined {
  const config = firstFile(context.input, /^jest\.config\.[cm]?[jt]s(on)?$/);
  if (!uses(context, 'jest') && !config) return undefined;
  const include =
    stringList(context.manifest.jest?.testMatch) ??
    (config ? arrayLiteral(context.input.readFile(config), 'testMatch') : undefined);
  const command = `${context.exec} jest`;
  return runnerEntry(
    'jest',
    include ?? [`**/__tests__/**/*.${JS}`, `**/*.{test,spec}.${JS}`],
    command,
    fullCommandFor(context, /\bjest\b/, command),
  );
}

/** ava: `ava.files` in package.json or ava.config.*, else its defaults; helpers, fixtures and `_` files never run. */
function avaRunner(context: NodeContext): TestRunnerEntry | undefined {
  if (!uses(context, 'ava')) return undefined;
  const config = firstFile(context.input, /^ava\.config\.[cm]?js$/);
  const include = stringList(context.manifest.ava?.files) ??
    (config ? arrayLiteral(context.input.readFile(config), 'files') : undefined) ?? [
      'test.{js,cjs,mjs}',
      '{src,source}/test.{js,cjs,mjs}',
      '**/test-*.{js,cjs,mjs}',
      '**/*.{spec,test}.{js,cjs,mjs}',
      '**/{test,tests,__tests__}/**/*.{js,cjs,mjs}',
    ];
  const command = `${context.exec} ava`;
  return runnerEntry('ava', include, command, fullCommandFor(context, /\bava\b/, command), {
    exclude: [
      '**/_*',
      '**/_*/**',
      '**/{test,tests,__tests__}/**/{helper,helpers,fixture,fixtures,__helper__,__helpers__,__fixture__,__fixtures__}/**',
    ],
    comment: 'ava never runs helpers, fixtures or files and folders starting with _.',
  });
}

/** tap (18+): config under "tap" in package.json, else its default test folders and names. */
function tapRunner(context: NodeContext): TestRunnerEntry | undefined {
  if (!uses(context, 'tap')) return undefined;
  const include = stringList(context.manifest.tap?.include) ?? [
    `**/{test,tests,__test__,__tests__}/**/*.${SCRIPT_EXTENSIONS}`,
    `**/*.{test,tests,spec}.${SCRIPT_EXTENSIONS}`,
    `**/{test,tests}.${SCRIPT_EXTENSIONS}`,
  ];
  const command = `${context.exec} tap`;
  return runnerEntry('tap', include, command, fullCommandFor(context, /(^|\s)tap(\s|$)/m, command), {
    exclude: ['**/{fixture,fixtures}/**', ...(stringList(context.manifest.tap?.exclude) ?? [])],
  });
}

/** borp (node:test with TypeScript and coverage): `.borp.yaml` files, its arguments, else `**\/*.test.*`. */
function borpRunner(context: NodeContext): TestRunnerEntry | undefined {
  if (!uses(context, 'borp')) return undefined;
  const config = context.input.readFile('.borp.yaml') ?? context.input.readFile('.borp.yml') ?? undefined;
  const args = positionalArguments(scriptBody(context, /\bborp\b/), /\bborp\b/);
  const typescript = 'typescript' in context.deps;
  const include = yamlList(config, 'files') ??
    (args.length > 0 ? argumentGlobs(args, '*.test.*') : undefined) ?? [
      `**/*.test.{cjs,mjs,js${typescript ? ',ts,cts,mts' : ''}}`,
    ];
  const command = `${context.exec} borp`;
  return runnerEntry('borp', include, command, fullCommandFor(context, /\bborp\b/, command), {
    comment: config ? 'From .borp.yaml.' : 'borp runs node:test over these files.',
  });
}

/** mocha: spec from .mocharc or its arguments, else ./test (recursive with --recursive). */
function mochaRunner(context: NodeContext): TestRunnerEntry | undefined {
  if (!uses(context, 'mocha')) return undefined;
  const rc = readJson<{ spec?: unknown; recursive?: boolean }>(context.input, '.mocharc.json');
  const rcText = context.input.readFile('.mocharc.yml') ?? context.input.readFile('.mocharc.yaml');
  const script = scriptBody(context, /\bmocha\b/);
  const recursive =
    rc?.recursive === true || /--recursive/.test(script) || /recursive:\s*true/.test(rcText ?? '');
  const leaf = '*.{js,cjs,mjs}';
  const args = positionalArguments(script, /\bmocha\b/).filter((arg) => arg !== 'spec');
  const include = stringList(rc?.spec) ??
    yamlList(rcText, 'spec') ??
    (args.length > 0 ? argumentGlobs(args, leaf) : undefined) ?? [
      recursive ? `test/**/${leaf}` : `test/${leaf}`,
    ];
  const command = `${context.exec} mocha`;
  return runnerEntry('mocha', include, command, fullCommandFor(context, /\bmocha\b/, command));
}

/** uvu: `uvu <dir> [pattern]` runs the files below dir. */
function uvuRunner(context: NodeContext): TestRunnerEntry | undefined {
  if (!uses(context, 'uvu')) return undefined;
  const dir = positionalArguments(scriptBody(context, /\buvu\b/), /\buvu\b/)[0] ?? 'tests';
  return runnerEntry(
    'uvu',
    [`${dir.replace(/\/+$/, '')}/**/*.${SCRIPT_EXTENSIONS}`],
    `${context.exec} uvu ${dir}`,
    fullCommandFor(context, /\buvu\b/, `${context.exec} uvu ${dir}`),
  );
}

/** tstyche: type tests (`*.tst.ts`, `__typetests__/`), from tstyche.config.json's testFileMatch. */
function tstycheRunner(context: NodeContext): TestRunnerEntry | undefined {
  if (!uses(context, 'tstyche')) return undefined;
  const config =
    readJson<{ testFileMatch?: unknown }>(context.input, 'tstyche.config.json') ??
    readJson<{ testFileMatch?: unknown }>(context.input, 'tstyche.json');
  const include = stringList(config?.testFileMatch) ?? [
    '**/*.tst.*',
    '**/__typetests__/*.test.*',
    '**/typetests/*.test.*',
  ];
  const command = `${context.exec} tstyche`;
  return runnerEntry('tstyche', include, command, fullCommandFor(context, /\btstyche\b/, command));
}

/** Playwright Test: its config's testDir claims its files first; without one it comes last. */
function playwrightRunner(context: NodeContext, scoped: boolean): TestRunnerEntry | undefined {
  if (!('@playwright/test' in context.deps)) return undefined;
  const config = firstFile(context.input, /^playwright\.config\.[cm]?[jt]s$/);
  const testDir = arrayLiteral(config ? context.input.readFile(config) : undefined, 'testDir')?.[0];
  if (scoped !== (testDir !== undefined)) return undefined;
  const prefix = testDir ? `${testDir.replace(/\/+$/, '')}/**/` : '**/';
  const command = `${context.exec} playwright test`;
  return runnerEntry(
    'playwright',
    [`${prefix}*.{spec,test}.${JS}`],
    command,
    fullCommandFor(context, /playwright\s+test/, command),
    config ? { comment: `From ${config}.` } : {},
  );
}

/** bun test: when a script calls it. */
function bunRunner(context: NodeContext): TestRunnerEntry | undefined {
  if (!/\bbun\s+test\b/.test(context.scriptText)) return undefined;
  const extensions = '{js,jsx,ts,tsx,mjs,cjs}';
  return runnerEntry(
    'bun',
    [`**/*.{test,spec}.${extensions}`, `**/*_{test,spec}.${extensions}`],
    'bun test',
    fullCommandFor(context, /\bbun\s+test\b/, 'bun test'),
  );
}

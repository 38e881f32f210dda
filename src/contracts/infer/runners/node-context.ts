/** What the JavaScript runner detectors read from the root package.json, once. */
import type { InferenceInput } from '../input.js';
import { commandOf, type PackageJson, readJson } from './shared.js';

export interface NodeContext {
  input: InferenceInput;
  manifest: PackageJson;
  /** Dependencies and devDependencies by name. */
  deps: Record<string, string>;
  scripts: Record<string, string>;
  /** Every script's text, one a line. */
  scriptText: string;
  /** How a locally installed binary is run (`npx`, `pnpm exec`, ...). */
  exec: string;
  /** How a script is run (`npm run`, `pnpm`, ...). */
  run: string;
  testCommand: string | undefined;
}

export function nodeContext(input: InferenceInput): NodeContext | undefined {
  const manifest = readJson<PackageJson>(input, 'package.json');
  if (!manifest) return undefined;
  const manager = input.project.packageManager ?? 'npm';
  const scripts = manifest.scripts ?? {};
  return {
    input,
    manifest,
    deps: { ...manifest.dependencies, ...manifest.devDependencies },
    scripts,
    scriptText: Object.values(scripts).join('\n'),
    exec: { npm: 'npx', pnpm: 'pnpm exec', yarn: 'yarn', bun: 'bunx' }[manager],
    run: manager === 'npm' ? 'npm run' : manager,
    testCommand: commandOf(input.project, 'test'),
  };
}

/** Whether the project uses a tool: a dependency, or a script that calls it. */
export function uses(context: NodeContext, dependency: string, program = dependency): boolean {
  return (
    dependency in context.deps || new RegExp(`(^|[\\s;&|(])${program}(\\s|$)`, 'm').test(context.scriptText)
  );
}

/** The script running `program` (its name), preferring the test script and the shortest name. */
export function scriptRunning(context: NodeContext, program: RegExp): string | undefined {
  return Object.keys(context.scripts)
    .filter((name) => program.test(context.scripts[name]!))
    .sort(
      (a, b) => Number(b === 'test') - Number(a === 'test') || a.length - b.length || (a < b ? -1 : 1),
    )[0];
}

/** The full-suite command for a runner: the script that runs it, else the binary itself. */
export function fullCommandFor(context: NodeContext, program: RegExp, fallback: string): string {
  const script = scriptRunning(context, program);
  if (script === 'test') return context.testCommand ?? `${context.run} test`;
  return script ? `${context.run} ${script}` : fallback;
}

/**
 * The lowest Node major.minor the project promises (engines.node, .nvmrc, .node-version); the
 * node:test defaults depend on it.
 */
export function nodeVersion(context: NodeContext): [number, number] | undefined {
  const declared = [
    context.manifest.engines?.node,
    context.input.readFile('.nvmrc'),
    context.input.readFile('.node-version'),
  ];
  for (const text of declared) {
    const match = /(\d+)(?:\.(\d+))?/.exec(text ?? '');
    if (match) return [Number(match[1]), Number(match[2] ?? 0)];
  }
  return undefined;
}

/** The text of the script that runs `program` ('' when none does). */
export function scriptBody(context: NodeContext, program: RegExp): string {
  const name = scriptRunning(context, program);
  return name === undefined ? '' : context.scripts[name]!;
}

/** What every runner detector shares: the entry shape, the package.json reader, literal-config readers. */
import type { CommandName, ProjectFacts } from '../../../scan/project.js';
import type { TestRunnerEntry } from '../../schema.js';
import type { InferenceInput } from '../input.js';

export const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/dist/**'];

export interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  engines?: { node?: string };
  packageManager?: string;
  jest?: { testMatch?: unknown };
  ava?: { files?: unknown };
  tap?: { include?: unknown; exclude?: unknown };
}

export function runnerEntry(
  name: TestRunnerEntry['runner'],
  include: readonly string[],
  command: string,
  fullCommand: string,
  options: { exclude?: readonly string[]; comment?: string } = {},
): TestRunnerEntry {
  const exclude = [...new Set([...ALWAYS_EXCLUDED, ...(options.exclude ?? [])])].sort();
  return {
    runner: name,
    include: [...include],
    exclude,
    command,
    fullCommand,
    ...(options.comment ? { comment: options.comment } : {}),
  };
}

export function commandOf(project: ProjectFacts, name: CommandName): string | undefined {
  return project.commands.find((entry) => entry.name === name)?.command;
}

export function hasFile(input: InferenceInput, pattern: RegExp): boolean {
  return input.files.some((file) => pattern.test(file.path));
}

export function firstFile(input: InferenceInput, pattern: RegExp): string | undefined {
  return input.files
    .map((file) => file.path)
    .filter((path) => pattern.test(path))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
}

/** A JSON file's value; undefined when it is absent or not JSON (scan reports broken manifests). */
export function readJson<T>(input: InferenceInput, path: string): T | undefined {
  const text = input.readFile(path);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The string literals of `key: [ ... ]` (or `key: '...'`) in a config file's text, when written literally. */
export function arrayLiteral(text: string | undefined, key: string): string[] | undefined {
  if (!text) return undefined;
  const pattern = new RegExp(`["']?\\b${key}["']?\\s*[:=]\\s*(\\[([^\\]]*)\\]|(['"\`])((?:(?!\\3).)*)\\3)`);
  const match = pattern.exec(text);
  if (!match) return undefined;
  if (match[4] !== undefined) return [match[4].replace(/^\.\//, '')];
  const values = [...(match[2] ?? '').matchAll(/(['"`])((?:(?!\1).)*)\1/g)].map((entry) =>
    entry[2]!.replace(/^\.\//, ''),
  );
  return values.length > 0 ? values : undefined;
}

export function stringList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value.replace(/^\.\//, '')];
  return Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'string')
    ? (value as string[]).map((entry) => entry.replace(/^\.\//, ''))
    : undefined;
}

/** The items of a top-level YAML list `key:` followed by `- item` lines (quotes removed). */
export function yamlList(text: string | undefined, key: string): string[] | undefined {
  if (!text) return undefined;
  const lines = text.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^${key}\\s*:\\s*$`).test(line));
  if (start === -1) return undefined;
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const item = /^\s+-\s+(['"]?)(.+?)\1\s*$/.exec(line);
    if (!item) break;
    items.push(item[2]!.replace(/^\.\//, ''));
  }
  return items.length > 0 ? items : undefined;
}

/** The positional arguments after a program in a script (`borp 'test/**' --x` -> ['test/**']). */
export function positionalArguments(script: string, program: RegExp): string[] {
  const match = program.exec(script);
  if (!match) return [];
  const rest = script.slice(match.index + match[0].length).split(/&&|\|\||;|\|/)[0] ?? '';
  const words = [...rest.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
    (word) => word[1] ?? word[2] ?? word[3] ?? '',
  );
  const positional: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (word.startsWith('-')) {
      // `--flag value` forms the runners use for their values; `--flag=value` carries its own.
      if (
        /^--?(reporter|require|r|timeout|concurrency|ignore|config|import|loader|test-reporter|test-reporter-destination|test-name-pattern|test-concurrency)$/.test(
          word,
        )
      )
        index++;
      continue;
    }
    positional.push(word.replace(/^\.\//, ''));
  }
  return positional;
}

/** A path argument as globs: a glob stays, a folder becomes its files matching `leaf`. */
export function argumentGlobs(args: readonly string[], leaf: string): string[] {
  return args.map((arg) => {
    if (/[*?{[]/.test(arg) || /\.[cm]?[jt]sx?$/.test(arg)) return arg;
    return `${arg.replace(/\/+$/, '')}/**/${leaf}`;
  });
}

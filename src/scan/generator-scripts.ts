/**
 * Files a script of the repository writes: evidence that they are generated, whatever their name.
 * Read per JavaScript/TypeScript file, without parsing, as two kinds of facts (kept in the stat
 * cache, so an update links them exactly as the cold build did):
 * - writes: `fs.writeFileSync(path.join(__dirname, '../lib/x.js'), …)` writes `lib/x.js`; a
 *   function passing its parameter to a write (`function licensePlugin(file) { … writeFileSync(file, …) }`)
 *   is a writer of whatever its callers pass there;
 * - calls: a call passing a path resolved from the file's own folder (`licensePlugin(path.resolve(dirname,
 *   'LICENSE.md'))`), with the function's module when it is imported.
 * `scriptOutputs()` links calls to writers across files. A path handed to a function that does not
 * write it (an input to a plugin) is no evidence.
 */
import { posix } from 'node:path';
import { isTestOrFixturePath } from './file-kinds.js';
import type { GeneratedFile } from './generated.js';
import type { WriteFacts } from './types.js';

const WRITE_FUNCTION = /(?:^|\.)(?:writeFileSync|writeFile|outputFileSync|outputFile)$/;
const CODE_FILE = /\.[cm]?[jt]sx?$/;
/** `path.resolve(dirname, 'a', 'b')`, `join(__dirname, '../x')`, `new URL('./x', import.meta.url)`. */
const RESOLVED_PATH =
  /\b(?:path\.)?(?:resolve|join)\(\s*(?:__dirname|import\.meta\.dirname|dirname)\s*((?:,\s*(['"])[^'"$`\n]*\2\s*)+)\)|\bnew URL\(\s*(['"])([^'"$`\n]+)\3\s*,\s*import\.meta\.url\s*\)/g;

/** The facts of one file, or undefined when it writes nothing and passes no resolved path (most files). */
export function extractWriteFacts(path: string, text: string): WriteFacts | undefined {
  // Tests write scratch files and edit fixtures; what a build writes is the evidence.
  if (!CODE_FILE.test(path) || path.endsWith('.d.ts') || isTestOrFixturePath(path)) return undefined;
  const mentionsPath = text.includes('dirname') || text.includes('import.meta.url');
  const mentionsWrite = text.includes('writeFile') || text.includes('outputFile');
  if (!mentionsPath && !mentionsWrite) return undefined;
  const writes: NonNullable<WriteFacts['writes']> = [];
  const calls: NonNullable<WriteFacts['calls']> = [];
  const stem = stemOf(path);
  const bindings = mentionsPath ? importBindings(text, path) : new Map<string, Binding>();
  for (const found of resolvedPathArguments(text, path)) {
    const line = lineAt(text, found.at);
    if (WRITE_FUNCTION.test(found.callee) && found.argument === 0) writes.push({ path: found.path, line });
    else if (/^[\w$]+$/.test(found.callee)) {
      const binding = bindings.get(found.callee) ?? { module: stem, name: found.callee };
      calls.push({ ...binding, argument: found.argument, path: found.path, line });
    }
  }
  const facts: WriteFacts = {
    ...(writes.length > 0 ? { writes } : {}),
    ...(calls.length > 0 ? { calls } : {}),
  };
  if (mentionsWrite) {
    const writers = parameterWriters(text);
    if (writers.length > 0) facts.writers = writers;
  }
  return facts.writes || facts.writers || facts.calls ? facts : undefined;
}

/** Every file a script writes, directly or through a writer it calls, among the present files. */
export function scriptOutputs(
  facts: ReadonlyMap<string, WriteFacts>,
  present: ReadonlySet<string>,
): GeneratedFile[] {
  const writers = new Map<string, { file: string; parameter: number }>();
  for (const [file, fact] of facts) {
    for (const writer of fact.writers ?? []) {
      const entry = { file, parameter: writer.parameter };
      writers.set(`${stemOf(file)}#${writer.name}`, entry);
      if (writer.isDefault) writers.set(`${stemOf(file)}#default`, entry);
    }
  }
  const found = new Map<string, string>();
  for (const [file, fact] of [...facts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    for (const write of fact.writes ?? [])
      if (!found.has(write.path)) found.set(write.path, `written by ${file}:${write.line}`);
    for (const call of fact.calls ?? []) {
      const writer = writers.get(`${call.module}#${call.name}`);
      if (!writer || writer.parameter !== call.argument || found.has(call.path)) continue;
      found.set(call.path, `written by ${writer.file} (called from ${file}:${call.line})`);
    }
  }
  return [...found]
    .filter(([path]) => present.has(path))
    .map(([path, evidence]) => ({ path, evidence }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

interface Binding {
  module: string;
  name: string;
}

/** Local names bound by relative imports: `import x from './m'` -> m#default, `import { a as b }` -> m#a. */
function importBindings(text: string, file: string): Map<string, Binding> {
  const bindings = new Map<string, Binding>();
  const folder = posix.dirname(file);
  const IMPORT =
    /\bimport\s+(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}\s*)?from\s*(['"])(\.[^'"]*)\3|\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*(['"])(\.[^'"]*)\6\s*\)/g;
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[4] ?? match[7]!;
    const module = stemOf(posix.normalize(posix.join(folder, specifier)));
    const local = match[1] ?? match[5];
    if (local) bindings.set(local, { module, name: 'default' });
    for (const part of (match[2] ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name && /^[\w$]+$/.test(name)) bindings.set(alias ?? name, { module, name });
    }
  }
  return bindings;
}

/** Each resolved path passed as an argument: the callee as written, the argument's position, the path. */
function resolvedPathArguments(
  text: string,
  file: string,
): Array<{ callee: string; argument: number; path: string; at: number }> {
  const folder = posix.dirname(file);
  const found: Array<{ callee: string; argument: number; path: string; at: number }> = [];
  for (const match of text.matchAll(RESOLVED_PATH)) {
    const parts = match[1]
      ? [...match[1].matchAll(/(['"])([^'"]*)\1/g)].map((part) => part[2]!)
      : [match[4]!];
    const path = posix.normalize(posix.join(folder, ...parts));
    if (path.startsWith('..')) continue;
    const call = enclosingCall(text, match.index);
    if (call) found.push({ ...call, path, at: match.index });
  }
  return found;
}

/** The call whose argument list holds position `at`: the callee before its `(` and the argument's index. */
function enclosingCall(text: string, at: number): { callee: string; argument: number } | undefined {
  let depth = 0;
  let argument = 0;
  for (let index = at - 1; index >= 0 && at - index < 2000; index--) {
    const char = text[index];
    if (char === ')' || char === ']' || char === '}') depth++;
    else if (char === '[' || char === '{') {
      if (depth === 0) return undefined; // inside an array or object literal: not a direct argument
      depth--;
    } else if (char === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      const callee = /([\w$.]+)\s*$/.exec(text.slice(Math.max(0, index - 80), index))?.[1];
      return callee ? { callee, argument } : undefined;
    } else if (char === ',' && depth === 0) argument++;
  }
  return undefined;
}

/** Functions that hand one of their parameters to a write call as its path. */
function parameterWriters(text: string): Array<{ name: string; parameter: number; isDefault: boolean }> {
  const headers = functionHeaders(text);
  const writers: Array<{ name: string; parameter: number; isDefault: boolean }> = [];
  const WRITE = /\b(?:writeFileSync|writeFile|outputFileSync|outputFile)\(\s*([\w$]+)\s*[,)]/g;
  for (const match of text.matchAll(WRITE)) {
    const header = headers
      .filter((entry) => entry.at < match.index && entry.parameters.includes(match[1]!))
      .at(-1);
    if (!header || writers.some((writer) => writer.name === header.name)) continue;
    const isDefault = new RegExp(
      `export\\s+default\\s+(?:async\\s+)?(?:function\\s+)?${header.name}\\b|module\\.exports\\s*=\\s*${header.name}\\b`,
    ).test(text);
    writers.push({ name: header.name, parameter: header.parameters.indexOf(match[1]!), isDefault });
  }
  return writers;
}

/** `function name(a, b)` and `const name = (a, b) =>` with their parameter names, in order. */
function functionHeaders(text: string): Array<{ name: string; parameters: string[]; at: number }> {
  const HEADER =
    /\bfunction\s*\*?\s*([\w$]+)\s*(?:<[^>]*>)?\s*\(([^)]*)\)|\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s*)?\(([^)]*)\)\s*(?::[^=]+)?=>/g;
  return [...text.matchAll(HEADER)].map((match) => ({
    name: (match[1] ?? match[3])!,
    parameters: (match[2] ?? match[4] ?? '')
      .split(',')
      .map((parameter) => /^\s*([\w$]+)/.exec(parameter)?.[1] ?? ''),
    at: match.index,
  }));
}

/** A module path without its extension (or `/index`): how imports and files are matched. */
function stemOf(path: string): string {
  return path.replace(/\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');
}

function lineAt(text: string, at: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < at; index = text.indexOf('\n', index + 1))
    line++;
  return line;
}

/** Config keys no schema knows: tsconfig/jsconfig compilerOptions (read as JSONC) and our own config file. */
import { type Node, parseTree } from 'jsonc-parser';
import { baseName } from '../../shared/path.js';
import { findingId } from '../types.js';
import type { CheckSink, HallucinationInput } from './input.js';
import { nearestWord } from './nearest.js';
import { readRepositoryFile } from './read.js';
import { TSCONFIG_COMPILER_OPTIONS } from './tsconfig-options.js';

export function checkConfigKeys(path: string, input: HallucinationInput, sink: CheckSink): void {
  const name = baseName(path);
  const isTsconfig = /^(tsconfig|jsconfig)[^/]*\.json$/.test(name);
  const isOwn = /^opencode-plusplus\.config\.jsonc?$/.test(name);
  if (!isTsconfig && !isOwn) return;
  const text = readRepositoryFile(input.root, path);
  if (text === undefined) return;
  if (isOwn) checkOwnConfig(path, text, input, sink);
  else checkCompilerOptions(path, text, sink);
}

function checkOwnConfig(path: string, text: string, input: HallucinationInput, sink: CheckSink): void {
  for (const problem of input.validateOwnConfig?.(text) ?? []) {
    sink.checked.configKeys++;
    sink.findings.push({
      id: findingId('hallucination', 'unknown-config-key', path, problem),
      guard: 'hallucination',
      rule: 'unknown-config-key',
      severity: 'block',
      message: problem,
      file: path,
      evidence: ['schema/opencode-plusplus.config.schema.json'],
      requiredAction: 'repair',
    });
  }
}

function checkCompilerOptions(path: string, text: string, sink: CheckSink): void {
  for (const [key, line] of compilerOptionsOf(text)) {
    sink.checked.configKeys++;
    if (TSCONFIG_COMPILER_OPTIONS.has(key)) continue;
    const near = nearestWord(key, TSCONFIG_COMPILER_OPTIONS);
    sink.findings.push({
      id: findingId('hallucination', 'unknown-config-key', path, `compilerOptions.${key}`),
      guard: 'hallucination',
      rule: 'unknown-config-key',
      severity: 'block',
      message: `compilerOptions.${key} in ${path} is not a TypeScript compiler option${near ? ` (did you mean ${near}?)` : ''}.`,
      file: path,
      line,
      evidence: [`the ${TSCONFIG_COMPILER_OPTIONS.size} compiler options TypeScript knows`],
      requiredAction: 'repair',
    });
  }
}

/** Keys of `compilerOptions` with their lines (tsconfig is JSONC: comments and trailing commas allowed). */
function compilerOptionsOf(text: string): Array<[string, number]> {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const options = root?.children?.find((property) => property.children?.[0]?.value === 'compilerOptions')
    ?.children?.[1];
  if (options?.type !== 'object') return [];
  return (options.children ?? [])
    .map((property) => property.children?.[0])
    .filter((key): key is Node => key?.type === 'string')
    .map((key) => [String(key.value), lineOf(text, key.offset)]);
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index++) if (text.charCodeAt(index) === 10) line++;
  return line;
}

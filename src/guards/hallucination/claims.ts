/** What an agent claims it did: files it says it changed or its trace edited that do not exist, commands that cannot run. */
import { pathExistsSync } from '../../shared/fs.js';
import { absolutePath } from '../../shared/path.js';
import type { Trace } from '../../trace/types.js';
import { findingId, type GuardFinding } from '../types.js';
import { checkCommand, commandsIn, type Runnables } from './commands.js';
import type { CheckSink, HallucinationInput } from './input.js';
import { nearestFile } from './nearest.js';

const EDIT_VERBS =
  /\b(edited|updated|modified|changed|created|added|wrote|written|fixed|refactored|touched|patched|implemented (?:it )?in|rewrote)\b/i;
const PATH_TOKEN =
  /`([^`\s]+)`|(?<![\w./-])((?:[\w.-]+\/)+[\w.-]+\.[A-Za-z0-9]{1,8}|[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|json|md|yml|yaml|toml|css|html|sql))(?![\w/])/g;

export function checkMessages(
  messages: string,
  input: HallucinationInput,
  runnables: Runnables,
  sink: CheckSink,
): void {
  for (const command of commandsIn(messages)) checkCommand(command, 'messages', runnables, sink);
  for (const sentence of messages.split(/(?<=[.!?\n])\s+/)) {
    if (!EDIT_VERBS.test(sentence)) continue;
    for (const match of sentence.matchAll(PATH_TOKEN)) {
      const path = (match[1] ?? match[2] ?? '')
        .replace(/^\.\//, '')
        .replace(/[:,;]+$/, '')
        .replace(/:\d+(:\d+)?$/, '');
      if (!looksLikePath(path)) continue;
      const finding = missingFile(input, path, 'messages', `the agent says it changed ${path}`, [
        `"${sentence.trim().slice(0, 160)}"`,
        `${input.allFiles.size} files in the tree`,
      ]);
      sink.checked.files++;
      if (finding) sink.findings.push(finding);
    }
  }
}

export function checkTrace(
  trace: Trace,
  input: HallucinationInput,
  runnables: Runnables,
  sink: CheckSink,
): void {
  for (const step of trace.steps) {
    if (step.kind === 'command')
      checkCommand(step.command.join(' '), `trace ${trace.id} ${step.id}`, runnables, sink);
    if (step.kind === 'edit') {
      for (const path of step.files) {
        const finding = missingFile(
          input,
          path,
          `trace:${trace.id}`,
          `${step.id} records an edit of ${path}`,
          [`trace ${trace.id} ${step.id}: ${step.message ?? ''}`.trim()],
        );
        sink.checked.files++;
        if (finding) sink.findings.push(finding);
      }
    }
  }
}

/** A claim about a file that is not in the tree, with the likely intended one; undefined when it exists. */
function missingFile(
  input: HallucinationInput,
  path: string,
  where: string,
  claim: string,
  evidence: string[],
): GuardFinding | undefined {
  if (input.allFiles.has(path) || pathExistsSync(absolutePath(input.root, path))) return undefined;
  const near = nearestFile(path, input.allFiles);
  return {
    id: findingId('hallucination', 'missing-file', where, path),
    guard: 'hallucination',
    rule: 'missing-file',
    severity: 'warn',
    message: `${claim}, which does not exist${near ? ` (did you mean ${near}?)` : ''}`,
    evidence,
    requiredAction: 'human-review',
  };
}

function looksLikePath(token: string): boolean {
  if (
    !token ||
    token.length > 200 ||
    /^[a-z]+:\/\//i.test(token) ||
    token.startsWith('@') ||
    token.includes('*')
  )
    return false;
  if (/^\d+(\.\d+)+$/.test(token)) return false;
  return (
    /\.[A-Za-z0-9]{1,8}$/.test(token) &&
    (/\//.test(token) ||
      /^[\w-]+\.(ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|json|md|yml|yaml|toml|css|html|sql)$/.test(token))
  );
}

/** Human-readable text for retrieve and pack results. */
import pc from 'picocolors';
import type { RagSearchResult, RetrieveResult } from '../api/retrieval.js';
import { countText } from '../shared/count-text.js';

export function formatRetrieval(result: RetrieveResult): string {
  const lines: string[] = [];
  const title = result.task.split('\n', 1)[0]!;
  lines.push(`${pc.bold('Files for')} "${title.length > 100 ? `${title.slice(0, 99)}…` : title}"`);
  if (result.files.length === 0) lines.push('  no file matches the task');
  result.files.forEach((file, index) => {
    const size = `${file.representation}, ${countText(file.tokens)} tokens`;
    lines.push(
      `${String(index + 1).padStart(3)}. ${pc.bold(file.path)}  ${file.score.toFixed(3)}  ${pc.dim(size)}`,
    );
    for (const reason of file.reasons.slice(0, 3)) lines.push(`       ${pc.dim(reason)}`);
  });
  if (result.tests.length > 0) {
    lines.push(pc.bold('Tests'));
    for (const test of result.tests) {
      lines.push(`     ${test.path}  ${pc.dim(test.reasons[0] ?? '')}`);
    }
  }
  const budget = result.budget === null ? '' : ` of a ${countText(result.budget)} budget`;
  lines.push(
    pc.dim(`${countText(result.usedTokens)} tokens${budget}; ${result.candidates} file(s) had evidence`),
  );
  return lines.join('\n');
}

export function formatSearch(result: RagSearchResult): string {
  if (result.matches.length === 0)
    return `no chunk matches "${result.query}" (searched ${result.searched} files)`;
  const lines: string[] = [];
  for (const match of result.matches) {
    const name = match.name ? ` ${pc.bold(match.name)}` : '';
    lines.push(
      `${pc.cyan(`${match.path}:${match.matchLine}`)}${name} ${pc.dim(`(${match.kind}, lines ${match.line}-${match.endLine}, score ${match.score})`)}`,
    );
    for (const line of match.snippet.split('\n')) lines.push(`    ${line}`);
  }
  return lines.join('\n');
}

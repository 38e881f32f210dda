/**
 * The hallucination guard over an analysed change, as verify, policy and loop run it: the changed
 * files, plus the unchanged files that import anything the change touched, moved or deleted.
 */
import { parseConfigText } from '../config/parse.js';
import { checkHallucinations } from '../guards/hallucination/guard.js';
import type { GuardReport } from '../guards/types.js';
import type { Trace } from '../trace/types.js';
import type { ChangeAnalysis } from './change-analysis.js';

export function guardChange(analysis: ChangeAnalysis, trace?: Trace): GuardReport {
  const { tree, impact } = analysis;
  const live = impact.changed.filter((file) => file.status !== 'deleted').map((file) => file.path);
  const importers = impact.affected
    .filter((entry) => entry.depth === 1 && entry.reason !== 'unparsed')
    .map((entry) => entry.file);
  return checkHallucinations({
    root: tree.root,
    files: tree.indexed,
    graph: tree.graph,
    allFiles: new Set(tree.files.map((file) => file.path)),
    changedFiles: live,
    importers,
    ...(trace ? { trace } : {}),
    validateOwnConfig,
  });
}

/** Our own config's problems as `key: message` (what the hallucination guard reports for it). */
export function validateOwnConfig(text: string): string[] {
  try {
    parseConfigText(text, 'opencode-plusplus.config.json');
    return [];
  } catch (error) {
    return [(error as { message: string }).message];
  }
}

/** What the hallucination checks read, and how each adds a finding. */
import type { DependencyGraph } from '../../graph/types.js';
import type { IndexedFile } from '../../index/types.js';
import type { Trace } from '../../trace/types.js';
import type { GuardFinding } from '../types.js';

export interface HallucinationInput {
  root: string;
  files: readonly IndexedFile[];
  graph: DependencyGraph;
  /** Every file in the tree (indexed or not): what "exists" means. */
  allFiles: ReadonlySet<string>;
  /** Files the change added or modified (deleted ones are not checked). */
  changedFiles: readonly string[];
  /**
   * Unchanged files that import something the change touched, moved or deleted: their imports
   * and imported names are checked too (a moved file breaks its importers, not itself).
   */
  importers?: readonly string[];
  /** Paths the change deleted or moved away from. */
  removedFiles?: readonly string[];
  /**
   * The changed files' facts before the change (parsed from the base text): what they exported,
   * imported and defined.
   */
  before?: ReadonlyMap<string, BeforeFacts>;
  /** What the agent said it did (its final message, a transcript excerpt). */
  messages?: string;
  trace?: Trace;
  /** Validates our own config text; returns problems as `key: message`. */
  validateOwnConfig?: (text: string) => string[];
}

/** What a changed file exported, imported and defined before the change. */
export type BeforeFacts = Pick<IndexedFile, 'exports' | 'confidence'> &
  Partial<Pick<IndexedFile, 'imports' | 'symbols'>>;

/** Findings and the per-kind count of what was checked, shared by the checks of one run. */
export interface CheckSink {
  findings: GuardFinding[];
  checked: Record<'imports' | 'names' | 'commands' | 'files' | 'configKeys', number>;
}

export function isScript(file: IndexedFile): boolean {
  return file.language === 'typescript' || file.language === 'javascript';
}

/**
 * The data contracts exchange with their callers. Contracts read a narrow view of the tree (`TreeFile`)
 * and of a change (`ChangeSet`) so that neither the index nor git has to be imported here: the
 * api layer and `impact/` fill these shapes in.
 */
import type { FileKind } from '../scan/types.js';

/** `forbidden` fails a gate (exit 1); `required` names work still to do; `risk` asks for a second look. */
export type Severity = 'forbidden' | 'required' | 'risk';

export const SEVERITIES: readonly Severity[] = ['forbidden', 'required', 'risk'];

export interface ContractFinding {
  /** Stable id: the rule, then for rule sets the named rule (`module-boundary/no-cli-to-graph`). */
  ruleId: string;
  severity: Severity;
  /** Repository path the finding is about. */
  file: string;
  /** 1-based line, when the finding points at one (the import, the key). */
  line?: number;
  message: string;
  /** What to do about it. */
  fix: string;
  /** The contract file that holds the rule (`.agent-context/contracts/...`). */
  contract: string;
}

/** One file of the working tree, with the few indexed facts the rules need. */
export interface TreeFile {
  path: string;
  kind: FileKind;
  language: string;
  /** Environment variables the file reads (from the index). */
  env?: ReadonlyArray<{ name: string; line: number }>;
  /** Parse confidence from the index; `failed` means its imports are unknown. */
  confidence?: string;
}

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'type-changed';

/** Where a change sits: already committed since the base, staged, unstaged, or untracked. */
export type ChangeOrigin = 'committed' | 'staged' | 'unstaged' | 'untracked';

export interface ChangedFile {
  /** Path now (for deletions: the path that was removed). */
  path: string;
  status: ChangeStatus;
  /** For renames and copies: where it came from. */
  previousPath?: string;
  /** Rename or copy similarity, 0..100. */
  similarity?: number;
  binary: boolean;
  /** Lines added and removed (0 for binary files). */
  additions: number;
  deletions: number;
  origins: ChangeOrigin[];
}

export interface BaseInfo {
  /** The ref asked for or chosen (`main`, `origin/main`, `HEAD`, or the empty tree). */
  ref: string;
  /** The commit compared against (for `merge-base`: the merge-base itself). */
  commit: string;
  /** How the base was chosen. */
  how: 'explicit' | 'merge-base' | 'head' | 'empty-tree';
  head?: string;
  detached: boolean;
  shallow: boolean;
}

/** What changed against a base: the files plus the state of the repository. */
export interface ChangeSet {
  base: BaseInfo;
  files: ChangedFile[];
  /** Contract files changed in the same diff (kept apart: `.agent-context/` is never a changed file). */
  contractFiles: ChangedFile[];
  /** Things the reader should know (shallow clone fallbacks, skipped paths). */
  notes: string[];
}

/** File contents before (at the base) and after (in the working tree) a change. */
export interface ContentReader {
  before(path: string): Promise<string | undefined>;
  after(path: string): Promise<string | undefined>;
}

/** A path touched by a change and how: renames count as a deletion plus an addition. */
export interface Touch {
  path: string;
  action: 'added' | 'modified' | 'deleted';
  change: ChangedFile;
}

export function touchesOf(files: readonly ChangedFile[]): Touch[] {
  const touches: Touch[] = [];
  for (const change of files) {
    if (change.status === 'renamed' && change.previousPath) {
      touches.push({ path: change.previousPath, action: 'deleted', change });
      touches.push({ path: change.path, action: 'added', change });
    } else if (change.status === 'added' || change.status === 'copied') {
      touches.push({ path: change.path, action: 'added', change });
    } else if (change.status === 'deleted') {
      touches.push({ path: change.path, action: 'deleted', change });
    } else {
      touches.push({ path: change.path, action: 'modified', change });
    }
  }
  return touches;
}

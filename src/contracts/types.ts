/**
 * The data contracts exchange with their callers. Contracts read a narrow view of the tree (`TreeFile`)
 * and of a change (`ContractChanges`) so that neither the index nor git nor `impact/` has to be
 * imported here: the api layer and `impact/` fill these shapes in.
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

/**
 * A changed file as far as a rule asks: where it is, how git calls its change (`added`,
 * `modified`, `deleted`, `renamed`, `copied`, `type-changed`) and, for a rename or copy, where it
 * came from. `impact/`'s `ChangedFile` fits it.
 */
export interface ChangedPath {
  path: string;
  status: string;
  previousPath?: string;
}

/**
 * The change the rules check: its files, and the contract files changed in the same diff (kept
 * apart). Declared here so that contracts need not import `impact/`, which builds the full
 * `ChangeSet` (and which imports contracts); any `ChangeSet` is one.
 */
export interface ContractChanges {
  files: readonly ChangedPath[];
  contractFiles: readonly ChangedPath[];
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
  change: ChangedPath;
}

export function touchesOf(files: readonly ChangedPath[]): Touch[] {
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

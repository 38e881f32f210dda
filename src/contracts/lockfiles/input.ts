/** What a lockfile checker reads: the lockfile's text before and after the change, and the tree around it. */
export interface LockfileInput {
  /** The lockfile's path in the repository. */
  lockfile: string;
  before: string | undefined;
  after: string;
  /** A file of the tree before and after the change (the manifests the lockfile copies). */
  readBefore(path: string): Promise<string | undefined>;
  readAfter(path: string): Promise<string | undefined>;
}

export interface InstallOptions {
  /** The project (for project-scope files). */
  directory: string;
  /** `project`: the repository's own agent config; `user`: the agent's config in your home. @default "project" */
  scope: 'project' | 'user';
  /** How hooks call us. @default "opencode-plusplus" */
  command: string;
  /** Edit this file instead of the agent's default (Claude Code settings, Codex hooks.json). */
  configFile?: string;
  env: NodeJS.ProcessEnv;
}

/** One file to write (`after`) or delete (`after` undefined); `before` as found. */
export interface FileChange {
  file: string;
  before: string | undefined;
  after: string | undefined;
}

export interface InstallPlan {
  changes: FileChange[];
  warnings: string[];
}

export interface Installer {
  install(options: InstallOptions): Promise<InstallPlan>;
  uninstall(options: InstallOptions): Promise<InstallPlan>;
}

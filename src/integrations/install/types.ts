export interface InstallOptions {
  /** The project (for project-scope files). */
  directory: string;
  /** `project`: the repository's own agent config; `user`: the agent's config in your home. @default "project" */
  scope: 'project' | 'user';
  /** How hooks call us, as one shell command line. */
  command: string;
  /** The same as program and arguments (for notify lists, plugins and MCP entries). @default command split at spaces */
  argv?: string[];
  /** Add the reflection hooks (or plugin). @default true */
  hooks?: boolean;
  /** Also register the MCP server (`opencode-plusplus mcp <dir>`). @default false */
  mcp?: boolean;
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

/** The CLI as program and arguments. */
export function argvOf(options: InstallOptions): string[] {
  return options.argv ?? options.command.trim().split(/\s+/);
}

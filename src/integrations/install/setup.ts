/**
 * `init`'s agent step: for each agent named or found (its folder or config in the repository,
 * or its CLI on PATH), offer to register the MCP server and the reflection hooks — each offer
 * through `confirm` — and run the project-scope installers for the ones accepted.
 */
import type { AgentName } from '../events.js';
import { type CliCommand, resolveCliCommand } from './cli-command.js';
import { type InstallResult, runInstaller } from './index.js';

/** The agents `init` can set up (OpenClaw is per user, not per repository). */
export const INIT_AGENTS = ['claude', 'codex', 'opencode'] as const satisfies readonly AgentName[];
export type InitAgent = (typeof INIT_AGENTS)[number];

export interface InitAgentResult {
  agent: InitAgent;
  /** Why it is set up: named with --agents, or found in the repository or on PATH. */
  found: 'named' | 'repository' | 'path';
  mcp: InstallResult | 'declined';
  hooks: InstallResult | 'declined';
}

/** Files in a repository that show an agent is used there. */
const MARKERS: Record<InitAgent, string[]> = {
  claude: ['.claude', '.mcp.json'],
  codex: ['.codex'],
  opencode: ['.opencode', 'opencode.json', 'opencode.jsonc'],
};

async function agentsToSetUp(
  root: string,
  named: readonly InitAgent[] | undefined,
  env: NodeJS.ProcessEnv,
): Promise<Array<[InitAgent, InitAgentResult['found']]>> {
  if (named) return [...new Set(named)].sort().map((agent) => [agent, 'named']);
  const [{ pathExists }, { absolutePath, joinPath }] = await Promise.all([
    import('../../shared/fs.js'),
    import('../../shared/path.js'),
  ]);
  const found: Array<[InitAgent, InitAgentResult['found']]> = [];
  for (const agent of INIT_AGENTS) {
    const markers = await Promise.all(MARKERS[agent].map((marker) => pathExists(absolutePath(root, marker))));
    if (markers.some(Boolean)) found.push([agent, 'repository']);
    else {
      const folders = (env.PATH ?? '').split(':').filter(Boolean);
      const onPath = await Promise.all(folders.map((folder) => pathExists(joinPath(folder, agent))));
      if (onPath.some(Boolean)) found.push([agent, 'path']);
    }
  }
  return found;
}

async function setUpAgent(
  root: string,
  agent: InitAgent,
  found: InitAgentResult['found'],
  cli: CliCommand,
  options: AgentSetUpOptions,
  env: NodeJS.ProcessEnv,
): Promise<InitAgentResult> {
  const base = { directory: root, scope: 'project' as const, command: cli.line, argv: cli.argv, env };
  const ask = async (question: string) => (options.confirm ? options.confirm(question) : false);
  const mcp = (await ask(`register the opencode-plusplus MCP server for ${agent}?`))
    ? await runInstaller(agent, 'install', { ...base, hooks: false, mcp: true })
    : ('declined' as const);
  const hooks = (await ask(`install the reflection hooks for ${agent}?`))
    ? await runInstaller(agent, 'install', { ...base, hooks: true, mcp: false })
    : ('declined' as const);
  return { agent, found, mcp, hooks };
}

export interface AgentSetUpOptions {
  /** Set these agents up; absent: the ones found in the repository or on PATH. */
  agents?: readonly InitAgent[];
  /** Asked before each registration; absent: nothing is registered. */
  confirm?: (question: string) => Promise<boolean>;
  env: NodeJS.ProcessEnv;
}

export interface AgentSetUp {
  agents: InitAgentResult[];
  /** How the entries call the CLI, in one sentence (see `install`). */
  command: string;
}

export function isInitAgent(name: string): name is InitAgent {
  return (INIT_AGENTS as readonly string[]).includes(name);
}

export async function setUpAgents(root: string, options: AgentSetUpOptions): Promise<AgentSetUp> {
  const cli = resolveCliCommand(root);
  const agents: InitAgentResult[] = [];
  for (const [agent, found] of await agentsToSetUp(root, options.agents, options.env))
    agents.push(await setUpAgent(root, agent, found, cli, options, options.env));
  return { agents, command: cli.note };
}

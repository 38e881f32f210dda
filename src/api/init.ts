/**
 * `init`: set a repository up in one go — the config (balanced evidence policy), CLAUDE.md that
 * points Claude Code at AGENTS.md, the MCP server and reflection hooks for each agent named or
 * found (each offered through `confirm`), then the context (contracts inferred on first build).
 * Everything that adds files runs before the build, so the context describes them and a second
 * run finds nothing to change: no byte moves.
 */
import type { BuildResult } from '../context/build.js';
import type { AgentName } from '../integrations/events.js';
import type { InstallResult } from '../integrations/install/index.js';
import type { CallOptions } from './context.js';

/** The recommended config for a new project: the balanced evidence policy. */
export const RECOMMENDED_CONFIG = { policy: { evidence: 'balanced', failOn: 'required' } } as const;

/** Where the config's JSON Schema sits when the package is installed in the repository. */
const SCHEMA_PATH = './node_modules/opencode-plusplus/schema/opencode-plusplus.config.schema.json';

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

export interface InitResult {
  configFile: string;
  configWritten: boolean;
  /** The `$schema` written, or null when none resolves in this repository. */
  schema?: string | null;
  claudeMd?: 'created' | 'appended' | 'kept';
  agents?: InitAgentResult[];
  /** How the agents' entries call the CLI (see `install`). */
  command?: string;
  build?: BuildResult;
}

export interface InitOptions extends CallOptions {
  /** Build the context. @default true */
  build?: boolean;
  /** Set these agents up; absent: the ones found in the repository or on PATH. */
  agents?: readonly InitAgent[];
  /** Asked before each registration; absent: nothing is registered. */
  confirm?: (question: string) => Promise<boolean>;
  env?: NodeJS.ProcessEnv;
}

export function isInitAgent(name: string): name is InitAgent {
  return (INIT_AGENTS as readonly string[]).includes(name);
}

export async function initRepository(directory = '.', options: InitOptions = {}): Promise<InitResult> {
  const { existingDirectory } = await import('../shared/fs.js');
  const root = await existingDirectory(directory);
  const result: InitResult = { ...(await writeConfig(root)), claudeMd: await ensureClaudeMd(root) };
  const env = options.env ?? process.env;
  const agents = await agentsToSetUp(root, options.agents, env);
  if (agents.length > 0) {
    const { resolveCliCommand } = await import('../integrations/install/index.js');
    const cli = resolveCliCommand(root);
    result.command = cli.note;
    result.agents = [];
    for (const [agent, found] of agents)
      result.agents.push(await setUpAgent(root, agent, found, cli, options, env));
  }
  if (options.build !== false) result.build = await buildOrUpdate(root, options);
  return result;
}

async function writeConfig(
  root: string,
): Promise<Pick<InitResult, 'configFile' | 'configWritten' | 'schema'>> {
  const [{ CONFIG_FILE_NAMES }, { pathExists, writeJsonAtomic }, { absolutePath }] = await Promise.all([
    import('../config/load.js'),
    import('../shared/fs.js'),
    import('../shared/path.js'),
  ]);
  for (const name of CONFIG_FILE_NAMES)
    if (await pathExists(absolutePath(root, name))) return { configFile: name, configWritten: false };
  const configFile = 'opencode-plusplus.config.json';
  // A $schema that does not resolve makes editors complain: write it only when the file is there.
  const schema = (await pathExists(absolutePath(root, SCHEMA_PATH))) ? SCHEMA_PATH : null;
  await writeJsonAtomic(
    absolutePath(root, configFile),
    schema ? { $schema: schema, ...RECOMMENDED_CONFIG } : RECOMMENDED_CONFIG,
  );
  return { configFile, configWritten: true, schema };
}

const CLAUDE_IMPORT = '@AGENTS.md';

/** Claude Code reads CLAUDE.md, not AGENTS.md: an import line makes it read both. */
async function ensureClaudeMd(root: string): Promise<InitResult['claudeMd']> {
  const [{ readTextIfExists, writeFileAtomic }, { absolutePath }] = await Promise.all([
    import('../shared/fs.js'),
    import('../shared/path.js'),
  ]);
  const file = absolutePath(root, 'CLAUDE.md');
  const text = await readTextIfExists(file);
  if (text === undefined) {
    await writeFileAtomic(file, `${CLAUDE_IMPORT}\n`);
    return 'created';
  }
  if (text.split(/\r?\n/).some((line) => line.trim() === CLAUDE_IMPORT)) return 'kept';
  const separator = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  await writeFileAtomic(file, `${text}${separator}${CLAUDE_IMPORT}\n`);
  return 'appended';
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
    import('../shared/fs.js'),
    import('../shared/path.js'),
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
  cli: import('../integrations/install/index.js').CliCommand,
  options: InitOptions,
  env: NodeJS.ProcessEnv,
): Promise<InitAgentResult> {
  const { runInstaller } = await import('../integrations/install/index.js');
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

/** The first build infers the contracts; later runs refresh only what changed (nothing, if nothing did). */
async function buildOrUpdate(root: string, options: CallOptions): Promise<BuildResult> {
  const [{ readManifest }, context] = await Promise.all([
    import('../context/manifest.js'),
    import('./context.js'),
  ]);
  return (await readManifest(root)) ? context.update(root, options) : context.build(root, options);
}

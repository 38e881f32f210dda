/**
 * `init`: set a repository up in one go — the config (balanced evidence policy), CLAUDE.md that
 * points Claude Code at AGENTS.md, the agents' set-up (`setUpAgents`), then the context
 * (contracts inferred on first build).
 * Everything that adds files runs before the build, so the context describes them and a second
 * run finds nothing to change: no byte moves.
 */
import type { BuildResult } from '../context/build.js';
import type { CallOptions } from './context.js';

/** The recommended config for a new project: the balanced evidence policy. */
export const RECOMMENDED_CONFIG = { policy: { evidence: 'balanced', failOn: 'required' } } as const;

/** Where the config's JSON Schema sits when the package is installed in the repository. */
const SCHEMA_PATH = './node_modules/opencode-plusplus/schema/opencode-plusplus.config.schema.json';

export interface InitResult {
  configFile: string;
  configWritten: boolean;
  /** The `$schema` written, or null when none resolves in this repository. */
  schema?: string | null;
  claudeMd?: 'created' | 'appended' | 'kept';
  /** What `setUpAgents` did (the CLI registers MCP servers and hooks there). */
  agents?: unknown;
  build?: BuildResult;
}

export interface InitOptions extends CallOptions {
  /** Build the context. @default true */
  build?: boolean;
  /**
   * Sets the agents up (MCP server, hooks) after the config and CLAUDE.md and before the build,
   * so the context describes the files it adds. Passed in: agent integrations sit above the API.
   */
  setUpAgents?: (root: string) => Promise<unknown>;
}

export async function initRepository(directory = '.', options: InitOptions = {}): Promise<InitResult> {
  const { existingDirectory } = await import('../shared/fs.js');
  const root = await existingDirectory(directory);
  const result: InitResult = { ...(await writeConfig(root)), claudeMd: await ensureClaudeMd(root) };
  if (options.setUpAgents) result.agents = await options.setUpAgents(root);
  if (options.build !== false)
    result.build = await settled(root, await buildOrUpdate(root, options), options);
  return result;
}

/**
 * Files written just before or by the build (the config, CLAUDE.md, AGENTS.md) are too new for
 * the stat cache to vouch for them, so the next run would read them again and rewrite the cache.
 * Once they are old enough, one more update settles the cache: a second `init` then changes no byte.
 */
async function settled(root: string, build: BuildResult, options: CallOptions): Promise<BuildResult> {
  if (build.mode === 'reused' && build.stats.hashed === 0) return build;
  const { RACY_WINDOW_MS } = await import('../scan/scan.js');
  // A little past the window, so the files are older than it by the time the update scans.
  await new Promise((resolve) => setTimeout(resolve, RACY_WINDOW_MS + 100));
  await (await import('./context.js')).update(root, options);
  return build;
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

/** The first build infers the contracts; later runs refresh only what changed (nothing, if nothing did). */
async function buildOrUpdate(root: string, options: CallOptions): Promise<BuildResult> {
  const [{ readManifest }, context] = await Promise.all([
    import('../context/manifest.js'),
    import('./context.js'),
  ]);
  return (await readManifest(root)) ? context.update(root, options) : context.build(root, options);
}

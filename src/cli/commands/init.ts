import type { InitResult } from '../../api/init.js';
import type { AgentSetUp } from '../../integrations/install/setup.js';
import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import type { CliIO } from '../io.js';
import { writeJson, writeLine } from '../io.js';
import { jsonOption } from './options.js';

interface InitFlags extends CommonOptions {
  build: boolean;
  yes?: boolean;
  agents?: string;
}

export const initCommand: CommandDefinition = (program, context) => {
  program
    .command('init [dir]')
    .summary('set a repository up: config, CLAUDE.md, MCP server and hooks for your agents, first build')
    .description(
      [
        'Write opencode-plusplus.config.json (unless a config file exists) with the recommended settings for a new project — the balanced evidence policy: after source or config changes, tests need command or CI evidence — and a $schema only when it resolves in this repository (the package installed in node_modules). Write CLAUDE.md with `@AGENTS.md` (or add that line to an existing CLAUDE.md), so Claude Code reads the generated AGENTS.md.',
        'Then, for each agent named with --agents or found (its folder or config in the repository, or its CLI on PATH), offer to register the MCP server and the reflection hooks, as `install <agent> --mcp` does; --yes answers yes (for CI), and without a terminal to ask nothing is registered unless --yes. Last, build the context: contracts are inferred on the first build.',
        'Running it again changes no byte.',
      ].join('\n\n'),
    )
    .option('--yes', 'answer yes to every offer (for CI and scripts)')
    .option(
      '--agents <list>',
      'set these agents up, comma-separated: claude,codex,opencode (default: the ones found)',
    )
    .option('--no-build', 'write the files only, no build')
    .addOption(jsonOption('what was done'))
    .action(async (dir: string | undefined, options: InitFlags) =>
      runAction(context, options, async (bus) => {
        const [{ initRepository }, { isInitAgent, setUpAgents }, { usageError }] = await Promise.all([
          import('../../api/init.js'),
          import('../../integrations/install/setup.js'),
          import('../../shared/errors.js'),
        ]);
        const agents = options.agents
          ?.split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        const unknown = agents?.find((name) => !isInitAgent(name));
        if (unknown)
          throw usageError(`unknown agent "${unknown}" in --agents`, 'use claude, codex or opencode');
        const confirm = confirmer(context.io, Boolean(options.yes), Boolean(options.json));
        let setUp: AgentSetUp | undefined;
        const result = await initRepository(dir ?? '.', {
          bus,
          build: options.build,
          setUpAgents: async (root) => {
            setUp = await setUpAgents(root, {
              ...(agents ? { agents: agents.filter(isInitAgent) } : {}),
              ...(confirm ? { confirm } : {}),
              env: context.io.env,
            });
            return setUp.agents;
          },
        });
        if (options.json) writeJson(context.io, { ...result, ...(setUp ? { command: setUp.command } : {}) });
        else writeLine(context.io.stdout, await formatInit(result, setUp, Boolean(confirm)));
        return 0;
      }),
    );
};

/** --yes says yes; a person at a terminal is asked; anyone else is registered for nothing. */
function confirmer(
  io: CliIO,
  yes: boolean,
  json: boolean,
): ((question: string) => Promise<boolean>) | undefined {
  if (yes) return async () => true;
  const input = io.stdin as (NodeJS.ReadableStream & { isTTY?: boolean }) | undefined;
  if (json || !input?.isTTY) return undefined;
  return async (question) => {
    const { createInterface } = await import('node:readline/promises');
    const prompt = createInterface({ input, output: io.stderr });
    try {
      const answer = (await prompt.question(`${question} [Y/n] `)).trim().toLowerCase();
      return answer === '' || answer === 'y' || answer === 'yes';
    } finally {
      prompt.close();
    }
  };
}

async function formatInit(
  result: InitResult,
  setUp: AgentSetUp | undefined,
  asked: boolean,
): Promise<string> {
  const lines = [
    result.configWritten
      ? `wrote ${result.configFile}${result.schema ? '' : ' (no $schema: the package is not installed in this repository)'}`
      : `kept the existing ${result.configFile}`,
    `CLAUDE.md: ${{ created: 'created with @AGENTS.md', appended: 'added @AGENTS.md', kept: 'already imports AGENTS.md' }[result.claudeMd ?? 'kept']}`,
  ];
  for (const agent of setUp?.agents ?? []) {
    const part = (what: string, outcome: typeof agent.mcp) =>
      outcome === 'declined'
        ? `${what} not registered${asked ? '' : ' (run with --yes, or `install ' + agent.agent + ' --mcp`)'}`
        : outcome.files.length === 0
          ? `${what} already registered`
          : `${what}: ${outcome.files.map((file) => `${file.change} ${file.file}`).join(', ')}`;
    lines.push(
      `${agent.agent} (${agent.found}): ${part('MCP server', agent.mcp)}; ${part('hooks', agent.hooks)}`,
    );
  }
  if (!setUp || setUp.agents.length === 0)
    lines.push('no agent named or found: `init --agents claude,codex,opencode` sets them up');
  else lines.push(setUp.command);
  if (result.build) lines.push((await import('../../report/context.js')).formatBuild(result.build));
  return lines.join('\n');
}

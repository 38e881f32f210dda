/** `install` and `uninstall`: one definition, two verbs (each command file stays one line). */
import type { Command } from 'commander';
import type { CommandContext, CommandDefinition, CommonOptions } from './command.js';
import { runAction } from './command.js';
import { jsonOption } from './commands/options.js';
import { writeJson, writeLine } from './io.js';

interface InstallFlags extends CommonOptions {
  dir?: string;
  scope: string;
  command?: string;
  config?: string;
  dryRun?: boolean;
  mcp?: boolean;
  hooks: boolean;
}

const descriptions = {
  install: [
    "Adds opencode-plusplus to an agent's configuration so its sessions serve lessons at the start, are counted as they go, and get a background reflection after enough substance (and when they end with unreflected turns). Nothing else changes: the person's own hooks and settings stay as they are, and running it twice changes nothing the second time.",
    'claude: hooks in .claude/settings.json (--scope user: ~/.claude/settings.json, or $CLAUDE_CONFIG_DIR). codex: .codex/hooks.json and notify in .codex/config.toml (--scope user: $CODEX_HOME). opencode: the plugin .opencode/plugins/opencode-plusplus.js (--scope user: ~/.config/opencode/plugins/). openclaw: the plugin in ~/.openclaw/extensions/opencode-plusplus/ (or $OPENCLAW_STATE_DIR), enabled in openclaw.json.',
    '--mcp also registers the MCP server (`opencode-plusplus mcp <dir>`) in the agent\'s own format: .mcp.json (claude; --scope user: ~/.claude.json), [mcp_servers.opencode-plusplus] in config.toml (codex), "mcp" in opencode.json (opencode). --no-hooks registers only that.',
    "Hooks, plugins and MCP entries call the CLI by a command that exists whatever the agent's PATH is: `npx --no-install opencode-plusplus` when this project has the package installed, else the absolute path of the CLI that runs install; the output says which. --command sets another.",
    '--dry-run prints the diff and writes nothing. A config file that cannot be parsed is never overwritten (exit 2).',
  ].join('\n\n'),
  uninstall:
    "Removes exactly what `install` added to the agent's configuration (hooks whose command is ours, our plugin files, our notify line, our MCP server entry); everything else stays. --dry-run prints the diff.",
};

export function defineInstaller(action: 'install' | 'uninstall'): CommandDefinition {
  return (program: Command, context: CommandContext) => {
    program
      .command(`${action} <agent> [dir]`)
      .summary(
        action === 'install'
          ? 'add background reflection hooks to claude, codex, opencode or openclaw'
          : 'remove what install added',
      )
      .description(descriptions[action])
      .option('--scope <scope>', 'project (this repository) | user (your home)', 'project')
      .option(
        '--command <cmd>',
        'how hooks call opencode-plusplus (default: npx --no-install opencode-plusplus when installed in the project, else this CLI by its absolute path)',
      )
      .option(
        '--config <file>',
        'edit this config file instead of the default (claude settings, codex hooks.json, openclaw.json)',
      )
      .option('--dry-run', 'print the diff, write nothing')
      .option('--mcp', 'also register the MCP server (claude, codex, opencode)')
      .option('--no-hooks', 'leave the hooks out (with --mcp: register only the MCP server)')
      .option('-C, --dir <dir>', 'the project, as the [dir] argument (default: the current directory)')
      .addOption(jsonOption('the result'))
      .action(async (agent: string, dir: string | undefined, flags: InstallFlags) =>
        runAction(context, flags, async () => {
          const [
            { runInstaller, isAgentName, resolveCliCommand },
            { resolveAbsolute },
            { usageError },
            { parseRepository },
          ] = await Promise.all([
            import('../integrations/install/index.js'),
            import('../shared/path.js'),
            import('../shared/errors.js'),
            import('./parse.js'),
          ]);
          if (!isAgentName(agent))
            throw usageError(`unknown agent "${agent}"`, 'use claude, codex, opencode or openclaw');
          if (flags.scope !== 'project' && flags.scope !== 'user')
            throw usageError(`unknown scope "${flags.scope}"`, 'use project or user');
          const directory = await parseRepository(context.io.cwd, { dir, alias: flags.dir });
          const cli = resolveCliCommand(directory, flags.command);
          const result = await runInstaller(
            agent,
            action,
            {
              directory,
              scope: flags.scope,
              command: cli.line,
              argv: cli.argv,
              hooks: flags.hooks,
              mcp: Boolean(flags.mcp),
              ...(flags.config ? { configFile: resolveAbsolute(context.io.cwd, flags.config) } : {}),
              env: context.io.env,
            },
            Boolean(flags.dryRun),
          );
          if (flags.json)
            writeJson(context.io, { ...result, command: { argv: cli.argv, source: cli.source } });
          else {
            writeLine(context.io.stdout, formatInstall(result));
            if (action === 'install') writeLine(context.io.stdout, cli.note);
          }
          return 0;
        }),
      );
  };
}

function formatInstall(
  result: Awaited<ReturnType<typeof import('../integrations/install/index.js').runInstaller>>,
): string {
  const lines: string[] = [];
  const verb = result.dryRun ? 'would' : 'did';
  if (result.files.length === 0)
    lines.push(
      `${result.agent}: nothing to ${result.action} (already ${result.action === 'install' ? 'installed' : 'removed'})`,
    );
  for (const file of result.files) {
    lines.push(`${result.agent}: ${verb} ${file.change} ${file.file}`);
    if (result.dryRun) lines.push(file.diff, '');
  }
  for (const warning of result.warnings) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}

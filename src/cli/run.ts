/** `executeCli(argv, io)`: the whole CLI as a function returning an exit code (tests call it directly). */
import { Command, CommanderError } from 'commander';
import { withConfigTrust } from '../api/config-trust.js';
import { toolVersion } from '../shared/version.js';
import type { CommandContext } from './command.js';
import { commandsFor } from './commands/index.js';
import { helpConfiguration, helpWidthOf } from './help.js';
import type { CliIO } from './io.js';

/** Taken from anywhere before `--`, so it reads naturally after the command (`build . --trust-config`). */
const TRUST_FLAG = '--trust-config';
const TRUST_HELP =
  "run the repository's opencode-plusplus.config.mjs and remember that you trust this version of it (outside the repository, in ~/.config/opencode-plusplus/trust.json); without it, or a record of it, a config module is not run and the defaults are used. Hooks never run it.";

export async function executeCli(argv: readonly string[], io: CliIO): Promise<number> {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const trusted = argv.slice(0, end).includes(TRUST_FLAG);
  const rest = trusted
    ? [...argv.slice(0, end).filter((arg) => arg !== TRUST_FLAG), ...argv.slice(end)]
    : argv;
  const scope = {
    execution: trusted ? ('trust' as const) : ('if-trusted' as const),
    env: io.env,
    warn: (message: string) => io.stderr.write(message),
  };
  return withConfigTrust(scope, () => runProgram(rest, io));
}

async function runProgram(argv: readonly string[], io: CliIO): Promise<number> {
  let exitCode = 0;
  const context: CommandContext = { io, argv, setExitCode: (code) => (exitCode = code) };
  const program = await defineProgram(context, argv);
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      )
        return 0;
      return 2;
    }
    throw error;
  }
  return exitCode;
}

/** The program with the commands `argv` needs (all of them for help and unknown names). */
async function defineProgram(context: CommandContext, argv: readonly string[]): Promise<Command> {
  const { io } = context;
  const program = new Command('opencode-plusplus')
    .description(
      'The control plane for coding agents: what to read first, what may be edited, which tests prove a change, whether a loop may close, and what to learn from each session.',
    )
    .version(toolVersion(), '-v, --version')
    .option(TRUST_FLAG, TRUST_HELP)
    .showSuggestionAfterError(true)
    // A subcommand's flags stay with it (`reflect transcript f --json` is the subcommand's --json).
    .enablePositionalOptions()
    .exitOverride()
    .configureHelp(helpConfiguration)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => helpWidthOf(io) ?? 80,
      getErrHelpWidth: () => helpWidthOf(io) ?? 80,
    });
  program.addHelpText(
    'after',
    '\nExit codes: 0 clean, 1 findings or a failed gate, 2 usage, config or internal error.\nEvery command takes --json: one JSON document on stdout, logs on stderr.',
  );
  for (const define of await commandsFor(argv)) define(program, context);
  return program;
}

/** Every command, defined but not run: for what walks the command tree (docs, tests). */
export async function commandTree(io: CliIO): Promise<Command> {
  return defineProgram({ io, argv: [], setExitCode: () => undefined }, []);
}

import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeLine } from '../io.js';

interface SidecarFlags extends CommonOptions {
  port?: string;
  host?: string;
  allowRemote?: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export const sidecarCommand: CommandDefinition = (program, context) => {
  program
    .command('sidecar [dir]')
    .summary('keep the context fresh and serve the tools over HTTP, all day')
    .description(
      'A long-running process for one repository: watches the tree, refreshes the context incrementally within moments of an edit (ignoring .agent-context/, .git/ and ignored files), and serves the MCP tools over Streamable HTTP at /mcp and a status at GET /status (GET /status?after=N waits until the context is fresh after more than N refreshes), both only with `Authorization: Bearer <token>` (a new token per start, in a 0600 file under .agent-context/sidecar/). One per repository; SIGINT or SIGTERM stop it cleanly. See docs/sidecar.md.',
    )
    .option('--port <n>', 'port to listen on (default: any free port)')
    .option('--host <address>', 'address to bind; anything but loopback needs --allow-remote', '127.0.0.1')
    .option(
      '--allow-remote',
      'allow a --host that is not loopback: anyone who reaches it and holds the token can run the tools',
    )
    .option('--json', 'print {"url","tokenFile","pid"} as the first stdout line (logs go to stderr)')
    .action(async (dir: string | undefined, options: SidecarFlags) =>
      runAction(context, {}, async () => {
        const { usageError } = await import('../../shared/errors.js');
        const { parseCount } = await import('../parse.js');
        const port = options.port === undefined ? 0 : parseCount(options.port, '--port', 0);
        if (port > 65535) throw usageError(`--port must be a port number (0-65535), got "${options.port}"`);
        const host = options.host ?? '127.0.0.1';
        const log = (line: string) => context.io.stderr.write(`[sidecar] ${line}\n`);
        if (!LOOPBACK.has(host) && !options.allowRemote)
          throw usageError(
            `--host ${host} is not a loopback address: the tools would be reachable from the network`,
            'pass --allow-remote as well to bind it anyway, or leave --host at 127.0.0.1',
          );
        if (!LOOPBACK.has(host))
          log(
            `warning: binding ${host}, not loopback: anyone who can reach it and holds the token can run the tools`,
          );
        const { startSidecar } = await import('../../sidecar/sidecar.js');
        const sidecar = await startSidecar(dir ?? '.', { port, host, log });
        const address = { url: sidecar.url, tokenFile: sidecar.tokenFile, pid: sidecar.pid };
        if (options.json) writeLine(context.io.stdout, JSON.stringify(address));
        else
          writeLine(
            context.io.stdout,
            `sidecar for ${sidecar.session.root}: ${sidecar.url} (token in ${sidecar.tokenFile})`,
          );
        const signal = await untilStopSignal();
        log(`${signal}: stopping`);
        await sidecar.stop();
        log('stopped');
        return 0;
      }),
    );
};

function untilStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

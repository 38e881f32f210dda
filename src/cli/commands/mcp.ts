import type { Readable, Writable } from 'node:stream';
import type { CommandDefinition } from '../command.js';
import { runAction } from '../command.js';

export const mcpCommand: CommandDefinition = (program, context) => {
  program
    .command('mcp [dir]')
    .summary('serve the tools to an agent over MCP (stdio)')
    .description(
      'Serve the tools (build, status, freshness, retrieve, pack, plan, impact, tests, verify, validate_contracts, policy, loop, trace_*, hallucination, regression, reflect, memory_*, explain) over the Model Context Protocol on stdin/stdout, for the repository at [dir] (default: the current directory). Stdout carries only protocol messages; logs go to stderr. Agents start it as `opencode-plusplus mcp <dir>`; it runs until the client closes stdin. See docs/mcp.md.',
    )
    .action(async (dir: string | undefined) =>
      runAction(context, {}, async () => {
        const { serveStdio } = await import('../../mcp/stdio.js');
        await serveStdio(dir ?? '.', {
          ...(context.io.stdin ? { stdin: context.io.stdin as Readable } : {}),
          stdout: context.io.stdout as Writable,
          stderr: context.io.stderr,
        });
        return 0;
      }),
    );
};

import type { CommandDefinition } from '../command.js';

const description = [
  "Called by an agent's hooks or plugin, not by people: reads the event as JSON on stdin and prints the host's answer. Counts turns, tool calls and failed tool calls per session (.agent-context/reflection/sessions/), starts a background reflection when the thresholds are crossed or a session ends with unreflected turns, serves lessons at session start, and holds reflection sessions to the memory allowlist.",
  'A guest in the session: malformed input, a broken config or a read-only workspace are logged to .agent-context/reflection/log.jsonl and the host is allowed to go on (exit 0). Install with `opencode-plusplus install <agent>`.',
  'Agents: claude (Claude Code hooks), codex (Codex hooks; --notify for its notify program, the JSON as the last argument), opencode and openclaw (the plugins `install` writes).',
].join('\n\n');

const MAX_INPUT = 16 * 1024 * 1024;

export const hookCommand: CommandDefinition = (program, context) => {
  program
    .command('hook <agent> [payload]')
    .summary('handle one agent hook event (JSON on stdin); used by the installed hooks')
    .description(description)
    .option('--notify', 'codex notify: the JSON payload is the last argument')
    .action(async (agent: string, payload: string | undefined, flags: { notify?: boolean }) => {
      const [{ runHook }, { AGENTS }] = await Promise.all([
        import('../../integrations/run-hook.js'),
        import('../../integrations/events.js'),
      ]);
      if (!(AGENTS as readonly string[]).includes(agent)) {
        context.io.stderr.write(`error: unknown agent "${agent}"\n  hint: use one of ${AGENTS.join(', ')}\n`);
        context.setExitCode(2);
        return;
      }
      const text = flags.notify && payload !== undefined ? payload : await readStdin(context.io.stdin);
      const result = await runHook(
        { agent: agent as 'claude', text, notify: Boolean(flags.notify), fallbackCwd: context.io.cwd },
        { env: context.io.env },
      );
      if (result.stdout) context.io.stdout.write(`${result.stdout}\n`);
      context.setExitCode(result.exitCode);
    });
};

async function readStdin(stream: NodeJS.ReadableStream | undefined): Promise<string> {
  if (!stream || (stream as { isTTY?: boolean }).isTTY) return '';
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_INPUT) break;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

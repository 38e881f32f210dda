import { withConfigTrust } from '../../api/config-trust.js';
import type { HookRun } from '../../integrations/run-hook.js';
import type { CommandDefinition } from '../command.js';

const description = [
  "Called by an agent's hooks or plugin, not by people: reads the event as JSON on stdin and prints the host's answer. Counts turns, tool calls and failed tool calls per session (.agent-context/reflection/sessions/), starts a background reflection when the thresholds are crossed or a session ends with unreflected turns, serves lessons at session start, and holds reflection sessions to the memory allowlist.",
  'A guest in the session: malformed input, a broken config or a read-only workspace are logged to .agent-context/reflection/log.jsonl and the host is allowed to go on (exit 0). Install with `opencode-plusplus install <agent>`.',
  "Safe on a repository you do not trust: a hook never runs the repository's opencode-plusplus.config.mjs (it uses the defaults; a JSON config is read), writes only inside the repository the payload's cwd belongs to (its git root, or the folder holding .agent-context/; anything else is ignored), and answers within 10 seconds whatever happens (OPENCODE_PLUSPLUS_HOOK_TIMEOUT_MS).",
  'Agents: claude (Claude Code hooks), codex (Codex hooks; --notify for its notify program, the JSON as the last argument), opencode and openclaw (the plugins `install` writes).',
].join('\n\n');

const MAX_INPUT = 16 * 1024 * 1024;
/** The whole hook's time limit: past it the host is allowed to go on (and `main.ts` ends the process). */
const HOOK_TIMEOUT_MS = 10_000;

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
      const env = context.io.env;
      const run = async () => {
        const text = flags.notify && payload !== undefined ? payload : await readStdin(context.io.stdin);
        const input = {
          agent: agent as 'claude',
          text,
          notify: Boolean(flags.notify),
          fallbackCwd: context.io.cwd,
        };
        return withConfigTrust({ execution: 'never', env }, () => runHook(input, { env }));
      };
      const result = await withinTime(run(), hookTimeoutOf(env));
      if (result.stdout) context.io.stdout.write(`${result.stdout}\n`);
      context.setExitCode(result.exitCode);
    });
};

function hookTimeoutOf(env: NodeJS.ProcessEnv): number {
  const value = Number(env.OPENCODE_PLUSPLUS_HOOK_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : HOOK_TIMEOUT_MS;
}

/** The hook's answer, or "allow" (nothing printed) when it takes longer than `limit` ms. */
async function withinTime(run: Promise<HookRun>, limit: number): Promise<HookRun> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<HookRun>((resolve) => {
    timer = setTimeout(() => resolve({ stdout: '', exitCode: 0 }), limit);
  });
  try {
    return await Promise.race([run.catch((): HookRun => ({ stdout: '', exitCode: 0 })), late]);
  } finally {
    clearTimeout(timer);
  }
}

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

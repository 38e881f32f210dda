/**
 * The MCP server over one repository: every tool of the registry, its schemas as JSON Schema, and
 * one wrapper that makes each call safe for the agent that made it — arguments are checked
 * against the schema, the result goes out as `structuredContent` plus a text copy, and anything
 * that goes wrong (bad arguments, a missing file, an internal error) comes back as an
 * `isError: true` result the model can read, never a protocol error or a crash.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ContextSession } from '../api/session.js';
import { toInternalError } from '../shared/errors.js';
import { type BusEvent, EventBus } from '../shared/events.js';
import { toolVersion } from '../shared/version.js';
import { forwardProgress, type NotificationSender } from './progress.js';
import { tools } from './registry.js';
import type { AnyTool, ToolCall } from './tool.js';

export const SERVER_NAME = 'opencode-plusplus';

export interface ServerOptions {
  /** The long-lived session the sidecar keeps; one-shot calls of the library without it. */
  session?: ContextSession;
  /** Where log lines of the calls go (never stdout: on stdio it carries the protocol). */
  log?: (line: string) => void;
}

export function createMcpServer(root: string, options: ServerOptions = {}): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: toolVersion() });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { readOnlyHint: tool.readOnly, openWorldHint: false },
      },
      async (args, extra) =>
        callTool(tool, args, {
          call: { root, bus: new EventBus(), ...(options.session ? { session: options.session } : {}) },
          progressToken: extra._meta?.progressToken,
          send: extra.sendNotification as NotificationSender,
          ...(options.log ? { log: options.log } : {}),
        }),
    );
  }
  return server;
}

interface CallSetup {
  call: ToolCall;
  progressToken: string | number | undefined;
  send: NotificationSender;
  log?: (line: string) => void;
}

async function callTool(tool: AnyTool, args: unknown, setup: CallSetup): Promise<CallToolResult> {
  const { call } = setup;
  const stop = forwardProgress(call.bus, setup.progressToken, setup.send);
  const detachLog = setup.log ? call.bus.on((event) => logEvent(tool.name, event, setup.log!)) : undefined;
  try {
    const result = await tool.run(args as never, call);
    return toolResult(result);
  } catch (error) {
    return toolError(error);
  } finally {
    stop();
    detachLog?.();
  }
}

/** The result as plain JSON (what `--json` prints): `structuredContent` and its text copy. */
export function toolResult(result: object): CallToolResult {
  const text = JSON.stringify(result, null, 2);
  return { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) };
}

/** A failure the model can read: what went wrong, the hint, and the stable error code. */
export function toolError(error: unknown): CallToolResult {
  const failure = toInternalError(error);
  return { content: [{ type: 'text', text: `${failure.code}: ${failure.describe()}` }], isError: true };
}

function logEvent(tool: string, event: BusEvent, log: (line: string) => void): void {
  if (event.type === 'log' && event.level !== 'debug') log(`${tool}: ${event.message}`);
}

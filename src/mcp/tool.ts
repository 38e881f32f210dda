/**
 * One MCP tool: a name, a description the model reads, zod schemas for its arguments and its
 * result, and `run`, a thin call into the public library. The server turns the schemas into the
 * JSON Schemas `tools/list` shows and checks every call and result against them.
 */
import type { z } from 'zod';
import type { ContextSession } from '../api/session.js';
import type { EventBus } from '../shared/events.js';

/** What a tool call gets besides its arguments. */
export interface ToolCall {
  /** The repository the server was started on (absolute). */
  root: string;
  /** Progress and log events of the call; the server forwards them as MCP progress notifications. */
  bus: EventBus;
  /** The long-lived session (the sidecar keeps one); absent for one-shot servers. */
  session?: ContextSession;
}

export interface McpTool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: z.ZodObject;
  /** True when the tool only reads (MCP's `readOnlyHint`): it writes nothing in the repository. */
  readOnly: boolean;
  run(args: z.infer<Input>, call: ToolCall): Promise<object>;
}

/** Any tool of the registry, its argument type erased once `defineTool` has checked it. */
export type AnyTool = McpTool<z.ZodObject>;

/** Checks `run` against the input schema at compile time, then erases the argument type. */
export function defineTool<Input extends z.ZodObject>(tool: McpTool<Input>): AnyTool {
  return tool as unknown as AnyTool;
}

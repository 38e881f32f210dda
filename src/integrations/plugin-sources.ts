/**
 * The OpenCode and OpenClaw plugins shipped in the package, as source text with the command to
 * run baked in (`install` writes them). Each event is handed to `opencode-plusplus hook <agent>`
 * as one JSON document; only reflection sessions wait for an answer (the allowlist), so ordinary
 * sessions never pay for a round trip.
 */
export const PLUGIN_MARKER = 'opencode-plusplus plugin';

const CALL = `function call(payload, wait) {
  return new Promise((resolve) => {
    let out = "";
    let child;
    try {
      child = spawn(COMMAND[0], COMMAND.slice(1), { stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      resolve({});
      return;
    }
    child.on("error", () => resolve({}));
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("close", () => {
      try {
        resolve(JSON.parse(out || "{}"));
      } catch {
        resolve({});
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
    if (!wait) resolve({});
  });
}

const restricted = (key) => process.env.OPENCODE_PLUSPLUS_REFLECTION === "1" || String(key ?? "").includes(":reflection:");
`;

export function opencodePluginSource(command: string[]): string {
  return `// ${PLUGIN_MARKER} for OpenCode: background reflection and the reflection-session allowlist.
// Written by \`opencode-plusplus install opencode\`; \`opencode-plusplus uninstall opencode\` removes it.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const COMMAND = ${JSON.stringify(command)};

${CALL}
export const OpencodePlusplus = async ({ client, directory }) => {
  const send = (payload, wait = false) => call({ cwd: directory, ...payload }, wait);
  async function transcriptOf(session) {
    try {
      const result = await client.session.messages({ path: { id: session } });
      const messages = result?.data ?? result;
      if (!Array.isArray(messages)) return undefined;
      const folder = join(directory, ".agent-context", "reflection", "transcripts");
      mkdirSync(folder, { recursive: true });
      const file = join(folder, String(session).replace(/[^A-Za-z0-9._-]/g, "_") + ".json");
      writeFileSync(file, JSON.stringify({ info: { id: session, directory }, messages }, null, 1));
      return file;
    } catch {
      return undefined;
    }
  }
  return {
    event: async ({ event }) => {
      const session = event?.properties?.sessionID ?? event?.properties?.info?.id;
      if (!session) return;
      if (event.type === "session.created") await send({ event: event.type, session });
      else if (event.type === "session.idle" || event.type === "session.deleted")
        await send({ event: event.type, session, transcript: await transcriptOf(session) });
    },
    "chat.message": async (input) => {
      if (input?.sessionID) await send({ event: "chat.message", session: input.sessionID });
    },
    "tool.execute.before": async (input, output) => {
      if (!restricted(input?.sessionID)) return;
      const answer = await send({ event: "tool.execute.before", session: input.sessionID, tool: input.tool, input: output?.args }, true);
      // Fail closed: without an explicit allow from opencode-plusplus, a reflection session may not use the tool.
      if (!answer || answer.allow !== true) throw new Error(answer?.reason || "refused in a reflection session: opencode-plusplus did not answer");
    },
    "tool.execute.after": async (input, output) => {
      const text = String(output?.output ?? "");
      const failed = Boolean(output?.metadata?.error) || /^(?:Error|error):/.test(text);
      await send({ event: "tool.execute.after", session: input?.sessionID, tool: input?.tool, failed });
    },
  };
};
`;
}

export function openclawPluginFiles(command: string[]): Record<string, string> {
  const index = `// ${PLUGIN_MARKER} for OpenClaw: background reflection and the reflection-session allowlist.
// Written by \`opencode-plusplus install openclaw\`; \`opencode-plusplus uninstall openclaw\` removes it.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const COMMAND = ${JSON.stringify(command)};

${CALL}
function workspaceOf(ctx) {
  return ctx?.workspaceDir ?? ctx?.cwd ?? process.cwd();
}

function transcriptOf(cwd, key, messages) {
  try {
    if (!Array.isArray(messages) || messages.length === 0) return undefined;
    const folder = join(cwd, ".agent-context", "reflection", "transcripts");
    mkdirSync(folder, { recursive: true });
    const file = join(folder, String(key).replace(/[^A-Za-z0-9._-]/g, "_") + ".jsonl");
    writeFileSync(file, messages.map((message) => JSON.stringify({ type: "message", message })).join("\\n") + "\\n");
    return file;
  } catch {
    return undefined;
  }
}

export default {
  id: "opencode-plusplus",
  name: "opencode-plusplus",
  description: "Background reflection on sessions and the memory-only allowlist for reflection sessions.",
  register(api) {
    const send = (ctx, payload, wait = false) => call({ cwd: workspaceOf(ctx), session: ctx?.sessionKey, ...payload }, wait);
    api.on("before_tool_call", async (event, ctx) => {
      if (!restricted(ctx?.sessionKey)) return undefined;
      const answer = await send(ctx, { event: "before_tool_call", tool: event?.toolName, input: event?.params }, true);
      // Fail closed: without an explicit allow from opencode-plusplus, a reflection session may not use the tool.
      if (!answer || answer.allow !== true) return { block: true, blockReason: answer?.reason || "refused in a reflection session: opencode-plusplus did not answer" };
      return undefined;
    });
    api.on("after_tool_call", async (event, ctx) => {
      await send(ctx, { event: "after_tool_call", tool: event?.toolName ?? "unknown", failed: Boolean(event?.error) });
    });
    api.on("message_received", async (_event, ctx) => {
      await send(ctx, { event: "message_received" });
    });
    api.on("agent_end", async (event, ctx) => {
      await send(ctx, { event: "agent_end", transcript: transcriptOf(workspaceOf(ctx), ctx?.sessionKey ?? "session", event?.messages) });
    });
    api.on("session_end", async (_event, ctx) => {
      await send(ctx, { event: "session_end" });
    });
    api.on("before_reset", async (event, ctx) => {
      await send(ctx, { event: "before_reset", transcript: transcriptOf(workspaceOf(ctx), ctx?.sessionKey ?? "session", event?.messages) });
    });
  },
};
`;
  return {
    'index.js': index,
    'package.json': `${JSON.stringify({ name: 'opencode-plusplus-openclaw', version: '1.0.0', private: true, type: 'module', openclaw: { extensions: ['./index.js'] } }, null, 2)}\n`,
    'openclaw.plugin.json': `${JSON.stringify(
      {
        id: 'opencode-plusplus',
        name: 'opencode-plusplus',
        description:
          'Background reflection on sessions and the memory-only allowlist for reflection sessions.',
        activation: { onStartup: true },
        configSchema: { type: 'object', additionalProperties: false },
      },
      null,
      2,
    )}\n`,
  };
}

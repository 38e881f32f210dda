/**
 * End to end with the real Claude Code CLI (pinned, in .tools/) against a scripted model on
 * 127.0.0.1: Claude Code starts `opencode-plusplus mcp <dir>` from `--mcp-config` the way
 * `install claude --mcp` registers it, lists its tools to the model, and the model's tool call
 * reaches the server and comes back with the tool's result.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';
import { type ScriptedAnthropic, type Step, startAnthropic, type TurnRequest } from './anthropic-server.js';

const CLAUDE = fileURLToPath(new URL('../../.tools/node_modules/.bin/claude', import.meta.url));
const SERVER = 'ocpp';

let model: ScriptedAnthropic | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

beforeAll(() => {
  if (!existsSync(CLAUDE))
    throw new Error(`Claude Code is not installed: run scripts/install-agent-clis.sh (looked for ${CLAUDE})`);
});

function isolatedEnv(url: string): NodeJS.ProcessEnv {
  const home = makeTempDir('ocpp-e2e-home-');
  mkdirSync(join(home, '.claude'), { recursive: true });
  return {
    PATH: process.env.PATH,
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    ANTHROPIC_API_KEY: 'sk-ant-test-0000',
    ANTHROPIC_BASE_URL: url,
    IS_SANDBOX: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    CI: '1',
  };
}

async function runClaude(workspace: string, mcpConfig: string, env: NodeJS.ProcessEnv, prompt: string) {
  const child = spawn(
    CLAUDE,
    [
      '-p',
      prompt,
      '--output-format',
      'stream-json',
      '--verbose',
      '--permission-mode',
      'bypassPermissions',
      '--model',
      'claude-sonnet-4-5',
      '--mcp-config',
      mcpConfig,
      '--strict-mcp-config',
    ],
    { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), Number(process.env.OCPP_E2E_TIMEOUT ?? 120_000));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const lines = stdout
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line));
  return { status, stderr, lines };
}

const toolNames = (turn: TurnRequest): string[] => turn.body.tools.map((tool: { name: string }) => tool.name);

/** The text of the last tool_result the conversation carries. */
function lastToolResult(turn: TurnRequest): string {
  const blocks = turn.body.messages.flatMap((message: { content: unknown }) =>
    Array.isArray(message.content) ? message.content : [],
  );
  const result = blocks.filter((block: { type: string }) => block.type === 'tool_result').at(-1);
  if (!result) return '';
  return typeof result.content === 'string'
    ? result.content
    : result.content.map((part: { text?: string }) => part.text ?? '').join('');
}

describe('Claude Code with the opencode-plusplus MCP server', () => {
  it('starts `opencode-plusplus mcp <dir>`, sees the tools and gets a tool result back', async () => {
    const workspace = makeRepo({
      'package.json': '{ "name": "e2e-app", "private": true, "type": "module" }\n',
      'src/math.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
      'src/index.ts': "import { add } from './math.js';\n\nexport const total = add(1, 2);\n",
    });
    // Claude Code connects MCP servers in the background; until ours is up the model waits for it.
    const steps: Step[] = [
      { tool: `mcp__${SERVER}__build`, input: { mode: 'build' } },
      { tool: `mcp__${SERVER}__explain`, input: { file: 'src/math.ts' } },
      { decide: (turn) => ({ text: `explained: ${lastToolResult(turn).slice(0, 2000)}` }) },
    ];
    const next: Step = {
      decide: (turn) =>
        toolNames(turn).includes(`mcp__${SERVER}__build`)
          ? (steps.shift() ?? { text: 'Done.' })
          : { tool: 'WaitForMcpServers', input: { servers: [SERVER] } },
    };
    model = await startAnthropic(Array.from({ length: 8 }, () => next));
    const config = join(makeTempDir('ocpp-e2e-mcp-'), 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          [SERVER]: { type: 'stdio', command: process.execPath, args: [CLI_BIN, 'mcp', workspace] },
        },
      }),
    );
    const run = await runClaude(
      workspace,
      config,
      isolatedEnv(model.url),
      'Build the context, then explain src/math.ts.',
    );
    expect(run.status, run.stderr).toBe(0);
    const init = run.lines.find((line) => line.type === 'system' && line.subtype === 'init');
    // Claude Code connects MCP servers in the background: at init the server may still be pending.
    expect(init.mcp_servers.map((server: { name: string }) => server.name)).toEqual([SERVER]);
    const mcpTurns = model.turns.filter((turn) => toolNames(turn).includes(`mcp__${SERVER}__build`));
    expect(mcpTurns.length).toBe(3);
    const offered = toolNames(mcpTurns[0]!);
    for (const tool of ['build', 'freshness', 'retrieve', 'pack', 'verify', 'policy', 'memory_add'])
      expect(offered).toContain(`mcp__${SERVER}__${tool}`);
    // The build really ran through the server: the context exists on disk, and its result reached the model.
    expect(existsSync(join(workspace, '.agent-context/manifest.json'))).toBe(true);
    expect(JSON.parse(lastToolResult(mcpTurns[1]!)).mode).toBe('cold');
    const explained = JSON.parse(lastToolResult(mcpTurns[2]!));
    expect(explained.file.path).toBe('src/math.ts');
    expect(explained.importedBy.map((edge: { from: string }) => edge.from)).toEqual(['src/index.ts']);
    const result = run.lines.find((line) => line.type === 'result');
    expect(result.is_error).toBe(false);
    expect(result.result).toContain('explained:');
  });
});

/** A real sidecar process (the built CLI) and a client for its /status over real HTTP. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLI_BIN } from '../helpers/cli.js';

export interface SidecarAddress {
  url: string;
  tokenFile: string;
  pid: number;
}

export interface SidecarProcess {
  child: ChildProcess;
  address: SidecarAddress;
  token: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** The exit code once the process ends. */
  exited: Promise<number | null>;
}

export async function startSidecarProcess(
  root: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<SidecarProcess> {
  const child = spawn(process.execPath, [CLI_BIN, 'sidecar', root, '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    });
    exited.then((code) => reject(new Error(`sidecar exited ${code} before its first line:\n${stderr}`)));
  });
  const address = JSON.parse(firstLine) as SidecarAddress;
  return {
    child,
    address,
    token: readFileSync(address.tokenFile, 'utf8').trim(),
    stderr: () => stderr,
    exited,
  };
}

export function statusUrl(sidecar: SidecarProcess): string {
  return sidecar.address.url.replace(/\/mcp$/, '/status');
}

export interface SidecarStatusBody {
  freshness: string;
  refreshes: number;
  refreshing: boolean;
  lastRefresh: { mode: string; durationMs: number } | null;
  uptimeMs: number;
  treeHash: string | null;
}

export async function readStatus(sidecar: SidecarProcess): Promise<SidecarStatusBody> {
  const response = await fetchWithRetry(statusUrl(sidecar), sidecar.token);
  if (response.status !== 200) throw new Error(`GET /status: ${response.status}`);
  return (await response.json()) as SidecarStatusBody;
}

/** Polls /status until `ready` says yes (or fails after `timeoutMs`). */
export async function waitForStatus(
  sidecar: SidecarProcess,
  ready: (status: SidecarStatusBody) => boolean,
  timeoutMs = 30_000,
): Promise<SidecarStatusBody> {
  const deadline = Date.now() + timeoutMs;
  let last: SidecarStatusBody | undefined;
  while (Date.now() < deadline) {
    last = await readStatus(sidecar);
    if (ready(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`status never got ready; last: ${JSON.stringify(last)}\n${sidecar.stderr()}`);
}

/** Fresh with nothing running or queued, after at least `refreshes` refreshes. */
export const settledAfter = (refreshes: number) => (status: SidecarStatusBody) =>
  status.freshness === 'fresh' && !status.refreshing && status.refreshes >= refreshes;

export async function stopSidecar(
  sidecar: SidecarProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  sidecar.child.kill(signal);
  return sidecar.exited;
}

/** A keep-alive connection the server closed as idle just when it was reused: try once more. */
async function fetchWithRetry(url: string, token: string): Promise<Response> {
  try {
    return await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  }
}

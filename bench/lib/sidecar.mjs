/**
 * The sidecar scenario's two halves: `startBenchSidecar` runs `opencode-plusplus sidecar <tree>`
 * beside the bench (untimed setup; stopped in teardown), and `sidecar-probe.mjs`, the measured
 * child, edits one file and waits (one long GET /status?after=N) until the sidecar is fresh again. The figure is
 * the probe's edit-to-fresh time, not the probe process's own life; the sidecar's CPU time and peak
 * RSS for that interval come from /proc (Linux), or are left out.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export async function startBenchSidecar(ctx) {
  const child = spawn(process.execPath, [ctx.cli, 'sidecar', ctx.tree.root, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const line = await new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    });
    child.on('close', (code) => reject(new Error(`sidecar exited ${code}:\n${stderr.slice(-2000)}`)));
  });
  const address = JSON.parse(line);
  const token = readFileSync(address.tokenFile, 'utf8').trim();
  ctx.sidecar = { child, address, token, stderr: () => stderr };
  await waitUntilSettled(address, token, 0, 600_000);
}

export async function stopBenchSidecar(ctx) {
  const sidecar = ctx.sidecar;
  if (!sidecar || sidecar.child.exitCode !== null) return;
  const closed = new Promise((resolve) => sidecar.child.on('close', resolve));
  sidecar.child.kill('SIGTERM');
  await closed;
  ctx.sidecar = undefined;
}

/**
 * Waits until /status is fresh, idle and has refreshed more than `after` times: one long request
 * (`?after=N&timeout=MS`, the sidecar answers when that holds), not polling, so the wait does not
 * load the process it measures. An answer that is not yet ready (a timeout) asks again.
 */
export async function waitUntilSettled(address, token, after, timeoutMs) {
  const url = address.url.replace(/\/mcp$/, '/status');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const wait = Math.max(1, Math.min(30_000, deadline - Date.now()));
    const status = await getStatus(`${url}?after=${Math.max(0, after)}&timeout=${wait}`, token);
    if (status.freshness === 'fresh' && !status.refreshing && status.refreshes > after) return status;
    if (Date.now() > deadline)
      throw new Error(`sidecar not fresh after ${timeoutMs} ms: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** GET /status; a connection the server closed as idle just when it was reused is tried again. */
async function getStatus(url, token) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      return await response.json();
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** utime + stime of a process in ms, and its peak RSS in KiB, from /proc; undefined elsewhere. */
export function processUsage(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
    return { cpuMs: Math.round((ticks * 1000) / 100), peakRssKb: hwm ? Number(hwm[1]) : undefined };
  } catch {
    return undefined;
  }
}

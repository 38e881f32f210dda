#!/usr/bin/env node
/**
 * One measured run of "sidecar, one file edited -> fresh": reads the sidecar's status, edits
 * `<file>` in `<root>` (the same edit the one-file update scenario makes), and waits until
 * /status is fresh with one more refresh (GET /status?after=N: one request, no polling).
 * Prints {latencyMs, refreshMs, mode, cpuMs, peakRssKb}.
 * usage: sidecar-probe.mjs <root> <url> <token> <pid> <file> <run>
 */
import { processUsage, waitUntilSettled } from './sidecar.mjs';
import { appendFunction } from './trees.mjs';

const [root, url, token, pid, file, run] = process.argv.slice(2);
const address = { url };
const before = await waitUntilSettled(address, token, -1, 60_000);
const usageBefore = processUsage(Number(pid));
const started = performance.now();
appendFunction(root, file, Number(run));
const after = await waitUntilSettled(address, token, before.refreshes, 600_000);
const latencyMs = performance.now() - started;
const usageAfter = processUsage(Number(pid));
const result = {
  latencyMs: Math.round(latencyMs),
  refreshMs: after.lastRefresh?.durationMs,
  mode: after.lastRefresh?.mode,
  refreshes: after.refreshes - before.refreshes,
};
if (usageBefore && usageAfter) {
  result.cpuMs = usageAfter.cpuMs - usageBefore.cpuMs;
  result.peakRssKb = usageAfter.peakRssKb;
}
process.stdout.write(`${JSON.stringify(result)}\n`);

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { FIXED_MATH, makeProject, STRING_TEST, TASK, writeScript } from '../orchestrate/project.js';
import { connectClient } from './fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: the SDK checked the result against the output schema; the test reads its fields
type Structured = Record<string, any>;

async function waitForDone(client: Awaited<ReturnType<typeof connectClient>>, runId: string) {
  const deadline = Date.now() + 170_000;
  for (;;) {
    const result = (await client.callTool({
      name: 'orchestrate_status',
      arguments: { runId },
    })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const status = result.structuredContent as Structured;
    if (status.phase === 'done' && !status.running) return status;
    if (Date.now() > deadline) throw new Error(`run ${runId} not done: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('orchestrate_start / orchestrate_status (the built worker, the mock executor)', () => {
  it('starts a run that goes on after the call and after the client closed; status reads state.json', async () => {
    const root = makeProject();
    const script = writeScript([{ write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } }]);
    const client = await connectClient(root);
    const started = performance.now();
    const result = (await client.callTool({
      name: 'orchestrate_start',
      arguments: { task: TASK, executor: 'mock', script, maxLoops: 2 },
    })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const start = result.structuredContent as Structured;
    expect(start.runId).toMatch(/^orc-\d{8}-\d{6}-[0-9a-f]{6}$/);
    expect(start.state).toBe(`.agent-context/orchestrator/${start.runId}/state.json`);
    // The call returns while the run is still on its way (state.json written, not done).
    const early = JSON.parse(readFileSync(join(root, start.state), 'utf8'));
    expect(early.runId).toBe(start.runId);
    expect(early.phase).not.toBe('done');
    const running = (await client.callTool({
      name: 'orchestrate_status',
      arguments: { runId: start.runId },
    })) as CallToolResult;
    expect((running.structuredContent as Structured).running).toBe(true);
    expect(performance.now() - started).toBeLessThan(60_000);
    // The client (the MCP server's session) goes away; the detached worker goes on.
    await client.close();
    const again = await connectClient(root);
    const done = await waitForDone(again, start.runId);
    expect(done.decision.action).toBe('finalize');
    expect(done.completed).toEqual(expect.arrayContaining(['plan', 'finalize']));
    expect(done.patch).toMatch(/final\.patch$/);
    expect(readFileSync(join(root, done.patch), 'utf8')).toContain('Number(a) + Number(b)');
    const state = JSON.parse(readFileSync(join(root, start.state), 'utf8'));
    expect(done.iteration).toBe(state.iteration);
    expect(done.updatedAt).toBe(state.updatedAt);
    // The worker's log is beside state.json; its lock is released.
    expect(statSync(join(root, done.log)).size).toBeGreaterThan(0);
    expect(readFileSync(join(root, done.log), 'utf8')).toContain('done: finalize');
    expect(existsSync(join(root, `.agent-context/orchestrator/${start.runId}/background.lock`))).toBe(false);
    await again.close();
  }, 240_000);

  it('bad options and unknown runs come back as isError results, and no run is started', async () => {
    const root = makeProject();
    const client = await connectClient(root);
    const noScript = (await client.callTool({
      name: 'orchestrate_start',
      arguments: { task: TASK, executor: 'mock', script: join(root, 'missing.json') },
    })) as CallToolResult;
    expect(noScript.isError).toBe(true);
    expect(JSON.stringify(noScript.content)).toContain('cannot read the mock script');
    const unknownExecutor = (await client.callTool({
      name: 'orchestrate_start',
      arguments: { task: TASK, executor: 'nobody' },
    })) as CallToolResult;
    expect(unknownExecutor.isError).toBe(true);
    expect(existsSync(join(root, '.agent-context/orchestrator'))).toBe(false);
    const unknown = (await client.callTool({
      name: 'orchestrate_status',
      arguments: { runId: 'orc-20260101-000000-abcdef' },
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain('no orchestrator run orc-20260101-000000-abcdef');
    await client.close();
  });
});

/**
 * The model reflector against a real HTTP server on 127.0.0.1: valid answers are used, an invalid
 * one gets one retry, and whatever goes wrong (invalid twice, HTML, slow, down) the offline rules
 * decide and the fallback is recorded in the run log with the calls' tokens and cost.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/llm/registry.js';
import type { LlmSettings } from '../../src/llm/types.js';
import { decisionTask } from '../../src/reflect/decision-task.js';
import { readRunLog } from '../../src/reflect/log.js';
import { reflect } from '../../src/reflect/node.js';
import { modelReflector } from '../../src/reflect/reflector.js';
import type { FileSummary, Plan } from '../../src/reflect/types.js';
import { resolveCaps } from '../../src/reflect/workloads.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/repo.js';
import {
  downUrl,
  type ModelServer,
  openAiReply,
  type ScriptedReply,
  startModelServer,
} from '../llm/model-server.js';

const plan: Plan = {
  goal: 'Summarise the incident',
  subtasks: [
    { id: 'a', description: 'timeline', expected_artifact: 'timeline.md' },
    { id: 'b', description: 'summary', expected_artifact: 'summary.md' },
  ],
};
const files: FileSummary[] = [{ name: 'timeline.md', status: 'done', bytes: 900, age_steps: 1 }];

const llm = (baseUrl: string, timeoutMs = 2000): LlmSettings => ({
  provider: 'openai',
  baseUrl,
  model: 'local',
  timeoutMs,
  maxOutputTokens: 256,
  temperature: 0,
  jsonMode: false,
  pricing: { inputPerMillionUsd: 2, outputPerMillionUsd: 8 },
});

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function reflectWith(baseUrl: string, timeoutMs?: number, inputFiles = files) {
  const root = makeTempDir('ocpp-model-');
  const reflector = modelReflector(decisionTask, createProvider(llm(baseUrl, timeoutMs), {}));
  const result = await reflect(
    { plan, files: inputFiles, goal: plan.goal, step: 1, depth: 0 },
    { root, runId: 'run-1', caps: resolveCaps({ workload: 'coding' }), reflector },
  );
  return { result, records: await readRunLog(root, 'run-1') };
}

async function serve(...replies: ScriptedReply[]): Promise<string> {
  server = await startModelServer(replies);
  return server.url;
}

describe('model reflector', () => {
  it("uses a valid answer and records the call's tokens and cost", async () => {
    const url = await serve(
      openAiReply(
        '{"decision":"replan","reason":"The summary needs the timeline first.","critique":"summary missing"}',
      ),
    );
    const { result, records } = await reflectWith(url);
    expect(result).toMatchObject({
      decision: 'replan',
      reason: 'The summary needs the timeline first.',
      reflector: 'model',
      fallback: null,
    });
    expect(result.calls).toEqual([
      expect.objectContaining({ inputTokens: 120, outputTokens: 30, costUsd: 0.00048, outcome: 'ok' }),
    ]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      reflector: 'model',
      fallback: null,
      depth: 1,
      calls: [expect.objectContaining({ costUsd: 0.00048 })],
    });
    const sent = JSON.parse(server!.requests[0]!.body.messages[1].content);
    expect(sent).toMatchObject({
      goal: plan.goal,
      reflection_depth: 1,
      depth_cap: 5,
      diff: { completion_ratio: 0.5 },
    });
    expect(JSON.stringify(sent)).not.toContain('contents');
  });

  it('is asked at every depth below the cap, and never at the cap', async () => {
    const caps = resolveCaps({ workload: 'coding' });
    const url = await serve(
      ...Array.from({ length: caps.depthCap }, () =>
        openAiReply('{"decision":"continue","reason":"on track"}'),
      ),
    );
    const reflector = modelReflector(decisionTask, createProvider(llm(url), {}));
    const root = makeTempDir('ocpp-model-depth-');
    const decisions: string[] = [];
    for (let depth = 0; depth <= caps.depthCap; depth++) {
      const result = await reflect(
        { plan, files, goal: plan.goal, step: depth + 1, depth },
        { root, runId: `depth-${depth}`, caps, reflector },
      );
      decisions.push(`${depth}:${result.reflector}:${result.decision}:${result.calls.length}`);
    }
    expect(server!.requests).toHaveLength(caps.depthCap);
    expect(decisions).toEqual([
      '0:model:continue:1',
      '1:model:continue:1',
      '2:model:continue:1',
      '3:model:continue:1',
      // The reflection that reaches the cap is the model's, then held by the depth-cap rule.
      '4:model:escalate:1',
      '5:offline:escalate:0',
    ]);
  });

  it('retries an invalid answer once and uses the second', async () => {
    const url = await serve(
      openAiReply('I think we should continue.'),
      openAiReply('{"decision":"continue","reason":"on track"}'),
    );
    const { result } = await reflectWith(url);
    expect(result).toMatchObject({ decision: 'continue', reflector: 'model', fallback: null });
    expect(result.calls.map((call) => call.outcome)).toEqual(['invalid', 'ok']);
  });

  it('falls back to the offline rules after two invalid answers and records why', async () => {
    const url = await serve(openAiReply('{"decision":"maybe"}'), openAiReply('{"decision":"end"}'));
    const { result, records } = await reflectWith(url);
    expect(result.reflector).toBe('offline');
    expect(result.decision).toBe('continue');
    expect(result.fallback).toMatch(
      /invalid answer after 2 attempt\(s\): final_answer: "end" needs a non-empty final_answer/,
    );
    expect(records[0]!.fallback).toBe(result.fallback);
    expect(records[0]!.calls).toHaveLength(2);
  });

  it('falls back when the endpoint answers with HTML', async () => {
    const url = await serve({ contentType: 'text/html', body: '<!doctype html><h1>502 Bad Gateway</h1>' });
    const { result } = await reflectWith(url);
    expect(result).toMatchObject({ reflector: 'offline', decision: 'continue' });
    expect(result.fallback).toMatch(/^malformed: the server answered with non-JSON \(text\/html\)/);
  });

  it('falls back when the endpoint is too slow', async () => {
    const url = await serve({ ...openAiReply('{"decision":"continue"}'), delayMs: 2000 });
    const { result } = await reflectWith(url, 250);
    expect(result.reflector).toBe('offline');
    expect(result.fallback).toMatch(/^timeout: no answer from .* within 250 ms/);
    expect(result.calls[0]).toMatchObject({ outcome: 'error', outputTokens: 0 });
  });

  it('falls back when the endpoint is down', async () => {
    const { result } = await reflectWith(await downUrl());
    expect(result.reflector).toBe('offline');
    expect(result.fallback).toMatch(/^unreachable: .*ECONNREFUSED/);
  });

  it("holds the hard rules against the model: 'end' with nothing done becomes 'replan'", async () => {
    const url = await serve(openAiReply('{"decision":"end","final_answer":"All finished."}'));
    const { result } = await reflectWith(url, 2000, [
      { name: 'timeline.md', status: 'active', bytes: 10, age_steps: 0 },
    ]);
    expect(result).toMatchObject({ decision: 'replan', reflector: 'model' });
    expect(result.overrides).toEqual([
      expect.objectContaining({ rule: 'end-without-done', from: 'end', to: 'replan' }),
    ]);
  });

  it('reflect --reflector model uses the configured endpoint and key variable from the CLI', async () => {
    const url = await serve(openAiReply('{"decision":"continue","reason":"fine"}'));
    const root = makeTempDir('ocpp-model-cli-');
    writeFileSync(
      join(root, 'opencode-plusplus.config.json'),
      JSON.stringify({
        llm: { provider: 'openai', baseUrl: `${url}/v1`, model: 'local', apiKeyEnv: 'LOCAL_KEY' },
      }),
    );
    writeFileSync(join(root, 'plan.json'), JSON.stringify(plan));
    writeFileSync(join(root, 'files.json'), JSON.stringify({ 'timeline.md': { status: 'done', bytes: 9 } }));
    const args = [
      'reflect',
      '--plan',
      'plan.json',
      '--files',
      'files.json',
      '--reflector',
      'model',
      '--json',
    ];
    const missingKey = await runCliInProcess(args, root, {});
    expect(missingKey.code).toBe(2);
    expect(missingKey.stderr).toContain('LOCAL_KEY is not set');
    const run = await runCliInProcess(args, root, { LOCAL_KEY: 'k' });
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout);
    expect(printed).toMatchObject({ decision: 'continue', reflector: 'model', depth: 1 });
    expect(printed.calls[0]).toMatchObject({ costUsd: null, inputTokens: 120 });
    expect(server!.requests[0]!.headers.authorization).toBe('Bearer k');
    expect(readFileSync(join(root, printed.log), 'utf8')).toContain('"reflector":"model"');
  });
});

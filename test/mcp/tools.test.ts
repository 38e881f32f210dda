import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { tools } from '../../src/mcp/registry.js';
import { editMath, useFixtureClient } from './fixture.js';

const EXPECTED_TOOLS = [
  'build',
  'status',
  'freshness',
  'explain',
  'retrieve',
  'pack',
  'plan',
  'impact',
  'tests',
  'verify',
  'validate_contracts',
  'policy',
  'loop',
  'trace_start',
  'trace_add',
  'trace_run',
  'trace_show',
  'hallucination',
  'regression',
  'reflect',
  'memory_search',
  'memory_get',
  'memory_add',
  'orchestrate_start',
  'orchestrate_status',
];

const fixture = useFixtureClient();

async function call(name: string, args: Record<string, unknown> = {}) {
  const result = (await fixture.client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  // The text copy is the same JSON as the structured content.
  const text = (result.content[0] as { text: string }).text;
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  // biome-ignore lint/suspicious/noExplicitAny: the SDK checked the result against the output schema; the test reads its fields
  return result.structuredContent as Record<string, any>;
}

describe('the MCP tools over a fixture repository', () => {
  it('lists every tool with an input and an output schema', async () => {
    const { tools: listed } = await fixture.client.listTools();
    expect(listed.map((tool) => tool.name).sort()).toEqual([...EXPECTED_TOOLS].sort());
    expect(tools.map((tool) => tool.name).sort()).toEqual([...EXPECTED_TOOLS].sort());
    for (const tool of listed) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description?.length, tool.name).toBeGreaterThan(20);
    }
    const policy = listed.find((tool) => tool.name === 'policy')!;
    expect(Object.keys(policy.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['evidencePolicy', 'failOn']),
    );
  });

  it('builds, then reports status, freshness and explains a file', async () => {
    const built = await call('build', { mode: 'build' });
    expect(built.mode).toBe('cold');
    expect((await call('build')).mode).toBe('reused');
    expect((await call('status')).freshness).toBe('fresh');
    expect((await call('freshness')).verdict).toBe('fresh');
    const explained = await call('explain', { file: 'src/math.ts' });
    expect(explained.importedBy.map((edge: { from: string }) => edge.from)).toContain('src/index.ts');
  });

  it('retrieves, packs and plans for a task', async () => {
    const task = 'change how add sums numbers in math';
    const retrieved = await call('retrieve', { task, top: 3 });
    expect(retrieved.files.map((file: { path: string }) => file.path)).toContain('src/math.ts');
    const packed = await call('pack', { task, budget: 2000 });
    expect(packed.files[0].content).toContain('add');
    const planned = await call('plan', { task });
    expect(planned.files.map((file: { path: string }) => file.path)).toContain('src/math.ts');
  });

  it('measures a change: impact, tests, verify, contracts, policy, loop', async () => {
    editMath(fixture.root);
    const impact = await call('impact');
    expect(impact.changed.map((file: { path: string }) => file.path)).toEqual(['src/math.ts']);
    expect(impact.affected.map((file: { file: string }) => file.file)).toContain('src/index.ts');
    expect((await call('tests')).minimal).toBeDefined();
    const verified = await call('verify');
    expect(verified.written).toContain('.agent-context/verify.json');
    expect((await call('validate_contracts')).counts).toHaveProperty('forbidden');
    const gate = await call('policy', { evidencePolicy: 'strict', failOn: 'risk' });
    expect([gate.evidencePolicy, gate.failOn]).toEqual(['strict', 'risk']);
    expect(gate.passed).toBe(false);
    const next = await call('loop', { task: 'add a sub function', phase: 'after-edit' });
    expect(next.next.action).toEqual(expect.any(String));
    expect(next.written).toBe(false);
  });

  it('records a trace: start, add, run, show', async () => {
    const trace = await call('trace_start', { task: 'add a sub function', agent: 'test' });
    await call('trace_add', {
      traceId: trace.id,
      kind: 'edit',
      message: 'added sub',
      files: ['src/math.ts'],
    });
    const ran = await call('trace_run', {
      traceId: trace.id,
      command: [process.execPath, '-e', 'process.exit(0)'],
      about: ['tests'],
    });
    expect(ran.step.exitCode).toBe(0);
    const shown = await call('trace_show', { traceId: trace.id });
    expect(shown.steps.map((step: { kind: string }) => step.kind)).toEqual(['edit', 'command']);
  });

  it('runs the guards', async () => {
    const guard = await call('hallucination', { messages: 'I ran the tests and they pass.' });
    expect(guard.guard).toBe('hallucination');
    expect((await call('regression')).matches).toEqual([]);
  });

  it('reflects and keeps lessons: add, get, search', async () => {
    const reflection = await call('reflect', {
      plan: {
        goal: 'a report',
        subtasks: [{ id: '1', description: 'write it', expected_artifact: 'report.md' }],
      },
      files: [],
    });
    expect(reflection.diff.expected_not_produced).toEqual(['report.md']);
    const added = await call('memory_add', {
      text: 'Run the math tests after touching src/math.ts.',
      scope: ['src/**'],
    });
    expect(added.status).toBe('added');
    const shown = await call('memory_get', { id: added.lesson.id });
    expect(shown.lesson.text).toContain('math tests');
    const found = await call('memory_search', { query: 'math tests', paths: ['src/math.ts'] });
    expect(found.lessons.map((lesson: { id: string }) => lesson.id)).toContain(added.lesson.id);
  });
});

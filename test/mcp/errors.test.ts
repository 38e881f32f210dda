import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { useFixtureClient } from './fixture.js';

const fixture = useFixtureClient();

async function failure(name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await fixture.client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name} should fail`).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (result.content[0] as { text: string }).text;
}

describe('tool failures are isError results, never protocol errors', () => {
  it('bad arguments name the argument', async () => {
    expect(await failure('retrieve', {})).toMatch(/task/);
    expect(await failure('retrieve', { task: '   ' })).toMatch(/task/);
    expect(await failure('policy', { evidencePolicy: 'lenient' })).toMatch(/evidencePolicy/);
    expect(await failure('pack', { task: 'x', budget: 'lots' })).toMatch(/budget/);
    expect(await failure('trace_run', { traceId: 't', command: ['ls'], cwd: '../outside' })).toMatch(/cwd/);
  });

  it('a missing file or record says what is missing', async () => {
    expect(await failure('explain', { file: 'src/nope.ts' })).toMatch(
      /NOT_FOUND: src\/nope\.ts is not in the index/,
    );
    expect(await failure('trace_show', { traceId: 'trace-does-not-exist' })).toMatch(/trace-does-not-exist/);
    expect(await failure('memory_get', { id: 'L-9999' })).toMatch(/L-9999/);
    expect(await failure('reflect', { plan: 'plans/missing.json' })).toMatch(/missing\.json/);
  });

  it('a broken file in the repository is reported with its name, and the server keeps serving', async () => {
    mkdirSync(join(fixture.root, '.agent-context', 'traces'), { recursive: true });
    writeFileSync(join(fixture.root, '.agent-context', 'traces', 'trace-broken.json'), '{ not json');
    expect(await failure('trace_show', { traceId: 'trace-broken' })).toMatch(/trace-broken/);
    writeFileSync(join(fixture.root, 'opencode-plusplus.config.json'), '{ "policy": { "evidence": 7 } }');
    expect(await failure('freshness', {})).toMatch(/CONFIG_INVALID.*opencode-plusplus\.config\.json/s);
    const listed = await fixture.client.listTools();
    expect(listed.tools.length).toBeGreaterThan(20);
  });

  it('an unknown tool is an isError result too', async () => {
    expect(await failure('no_such_tool', {})).toMatch(/no_such_tool/);
  });
});

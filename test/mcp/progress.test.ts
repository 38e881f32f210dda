import { describe, expect, it } from 'vitest';
import { connectClient, makeFixtureRepository } from './fixture.js';

describe('progress notifications', () => {
  it('a build reports its stages to a client that asked for progress', async () => {
    const client = await connectClient(makeFixtureRepository());
    const messages: string[] = [];
    const progress: number[] = [];
    const result = await client.callTool({ name: 'build', arguments: { mode: 'build' } }, undefined, {
      onprogress: (event) => {
        progress.push(event.progress);
        if (event.message) messages.push(event.message);
      },
    });
    expect(result.isError).toBeFalsy();
    expect(messages).toEqual(expect.arrayContaining(['scan: start', 'scan: end', 'write: end']));
    // MCP requires progress to grow with every notification.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    await client.close();
  });
});

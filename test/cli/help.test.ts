/** Help wraps to the terminal's width, never at the line breaks of our source text. */
import { describe, expect, it } from 'vitest';
import { reflowParagraphs } from '../../src/cli/help.js';
import { runCliInProcess } from '../helpers/cli.js';

describe('--help', () => {
  it('keeps a description written over several source lines as one paragraph on a wide terminal', async () => {
    const help = await runCliInProcess(['run', '--help'], process.cwd(), { COLUMNS: '240' });
    const description = help.stdout.split('\n\n')[1]!;
    // broken only where the terminal's width ends a line, not where the source text did
    for (const line of description.split('\n').slice(0, -1)) expect(line.length).toBeGreaterThan(200);
    expect(description).toContain('start a trace for it in .agent-context/traces/: prints the task id');
  });

  it('wraps to a narrow terminal', async () => {
    const help = await runCliInProcess(['install', '--help'], process.cwd(), { COLUMNS: '60' });
    const lines = help.stdout.split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(60);
    expect(lines.length).toBeGreaterThan(20);
  });

  it('says what delta writes', async () => {
    const help = await runCliInProcess(['delta', '--help'], process.cwd(), { COLUMNS: '240' });
    expect(help.stdout).toContain('.agent-context/delta/latest.json');
    expect(help.stdout).toContain('rewrites no other output');
  });

  it('keeps paragraphs and list items on their own lines', () => {
    expect(reflowParagraphs('one\ntwo\n\n- a\n- b\n  more')).toBe('one two\n\n- a\n- b\n  more');
  });
});

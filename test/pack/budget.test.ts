import { describe, expect, it } from 'vitest';
import { type PackCandidate, packFiles, type TokenCounter } from '../../src/pack/budget.js';
import { fenceFor, renderEntry, renderSkeleton } from '../../src/pack/render.js';
import type { Definition } from '../../src/retrieve/corpus.js';

/** One token per four characters: enough to test the choices without loading a tokenizer. */
const counter: TokenCounter = {
  count: (text) => Math.ceil(text.length / 4),
  countFile: (file) => Math.ceil((file.text ?? '').length / 4),
};

function definition(name: string, line: number): Definition {
  return { name, line, signature: `export function ${name}(): void`, exported: true, source: 'index' };
}

function candidate(path: string, score: number, lines: number, definitions = 3): PackCandidate {
  const text = Array.from(
    { length: lines },
    (_, index) => `const line${index} = ${index}; // some code here`,
  ).join('\n');
  return {
    path,
    score,
    reasons: [`reason for ${path}`],
    text,
    definitions: Array.from({ length: definitions }, (_, index) => definition(`fn${index}`, index * 10 + 1)),
    summary: `summary of ${path}`,
    lines,
    language: 'typescript',
  };
}

describe('packFiles', () => {
  const files = [
    candidate('src/a.ts', 1, 40),
    candidate('src/b.ts', 0.8, 40),
    candidate('src/c.ts', 0.3, 400),
  ];

  it('gives every file in full when the budget allows it, in rank order', () => {
    const plan = packFiles(files, 100_000, counter);
    expect(plan.entries.map((entry) => [entry.path, entry.representation])).toEqual([
      ['src/a.ts', 'full'],
      ['src/b.ts', 'full'],
      ['src/c.ts', 'full'],
    ]);
    expect(plan.usedTokens).toBe(plan.entries.reduce((sum, entry) => sum + entry.tokens, 0));
  });

  it('trades a big, weak file down to a skeleton or a line before the best ones', () => {
    const plan = packFiles(files, 1300, counter);
    const representation = Object.fromEntries(
      plan.entries.map((entry) => [entry.path, entry.representation]),
    );
    expect(representation['src/a.ts']).toBe('full');
    expect(representation['src/b.ts']).toBe('full');
    expect(['skeleton', 'line']).toContain(representation['src/c.ts']);
    expect(plan.usedTokens).toBeLessThanOrEqual(1300);
  });

  it('falls back to skeletons and lines as the budget shrinks, never over it', () => {
    for (const budget of [900, 300, 120, 40]) {
      const plan = packFiles(files, budget, counter);
      expect(plan.usedTokens).toBeLessThanOrEqual(budget);
      expect(plan.entries.length).toBeGreaterThan(0);
    }
    const tight = packFiles(files, 40, counter);
    expect(tight.entries.every((entry) => entry.representation === 'line')).toBe(true);
  });

  it('packs nothing into a budget smaller than one line, and says why', () => {
    const plan = packFiles(files, 2, counter);
    expect(plan.entries).toEqual([]);
    expect(plan.omitted).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts']);
    expect(plan.notes[0]).toMatch(
      /^the budget of 2 tokens is smaller than the shortest entry \(\d+ tokens\): nothing was packed$/,
    );
  });

  it('lists weak files by name only and leaves out files with no real evidence', () => {
    const plan = packFiles(
      [candidate('src/a.ts', 1, 10), candidate('src/weak.ts', 0.1, 5), candidate('src/noise.ts', 0.01, 5)],
      100_000,
      counter,
    );
    expect(plan.entries.map((entry) => [entry.path, entry.representation])).toEqual([
      ['src/a.ts', 'full'],
      ['src/weak.ts', 'line'],
    ]);
    expect(plan.omitted).toEqual(['src/noise.ts']);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(packFiles(files, 900, counter))).toBe(
      JSON.stringify(packFiles(files, 900, counter)),
    );
  });
});

describe('rendering', () => {
  it('a skeleton lists definitions with line numbers and leaves out imports', () => {
    const file = candidate('src/a.ts', 1, 30, 2);
    file.definitions = [
      { name: 'fs', line: 1, signature: "const fs = require('fs')", exported: false, source: 'index' },
      { ...definition('start', 12), doc: 'Starts it.' },
      {
        name: 'stop',
        line: 20,
        signature: 'stop() {',
        container: 'Server',
        exported: false,
        source: 'lexical',
      },
    ];
    expect(renderSkeleton(file)).toBe('12: export function start(): void  // Starts it.\n20:   stop() {');
  });

  it('quotes a file that contains fences with a longer fence', () => {
    expect(fenceFor('text\n```js\ncode\n```\n')).toBe('````');
    const file = { ...candidate('README.md', 1, 1), text: '# T\n```sh\nnpm i\n```\n', language: 'markdown' };
    const entry = renderEntry(file, 'full', 1, ['why']);
    expect(`${entry.head}${entry.body}${entry.tail}`).toBe(
      '### 1. `README.md` (full text)\nwhy: why\n\n````md\n# T\n```sh\nnpm i\n```\n````\n',
    );
  });
});

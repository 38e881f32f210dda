import { describe, expect, it } from 'vitest';
import { boundedFacts } from '../../src/index/bounded-facts.js';
import { emptyFacts } from '../../src/index/languages/adapter.js';
import type { FileFacts, SymbolFact } from '../../src/index/types.js';

function symbol(name: string, signature: string, doc?: string): SymbolFact {
  return { name, kind: 'const', line: 1, endLine: 1, signature, exported: true, ...(doc ? { doc } : {}) };
}

function factsWith(symbols: SymbolFact[]): FileFacts {
  return { ...emptyFacts('', 'parsed'), symbols };
}

describe('boundedFacts: secrets in the texts facts copy', () => {
  it('masks a secret in any fact text, whatever else the file holds', () => {
    const facts = factsWith([
      symbol('name', 'export const name = "billing"'),
      symbol('aws', 'export const aws = 1', 'Reads wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY from the vault.'),
    ]);
    facts.routes.push({
      method: 'GET',
      path: '/hook/sk-proj-abcdefghijklmnopqrstuvwxyz123456',
      framework: 'express',
      line: 3,
    });
    const bounded = boundedFacts(facts);
    expect(bounded.symbols[0]!.signature).toBe('export const name = "billing"');
    expect(bounded.symbols[1]!.doc).not.toContain('wJalrXUtnFEMI');
    expect(bounded.routes[0]!.path).not.toContain('abcdefghijklmnop');
  });
});

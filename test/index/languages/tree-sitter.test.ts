import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/index/extract.js';
import { javaAdapter } from '../../../src/index/languages/java.js';
import { pythonAdapter } from '../../../src/index/languages/python.js';
import { initAdapters } from '../../../src/index/languages/registry.js';
import { loadGrammar, withTree } from '../../../src/index/languages/tree-sitter.js';
import { extractInWorkers } from '../../../src/index/pool.js';

const samples = [
  { path: 'a.py', language: 'python', text: 'import os\n\ndef run():\n    """Runs."""\n' },
  { path: 'b.go', language: 'go', text: 'package b\n\nimport "fmt"\n\nfunc Run() { fmt.Println() }\n' },
  { path: 'src/c.rs', language: 'rust', text: 'use std::fmt;\n/// Runs.\npub fn run() {}\n' },
  { path: 'D.java', language: 'java', text: 'import java.util.List;\n/** Runs. */\npublic class D {}\n' },
];

describe('tree-sitter loader', () => {
  // first in this file on purpose: no grammar is loaded yet in this process
  it('reports failed facts, not an exception, when extract runs before init', () => {
    const facts = javaAdapter.extract({ path: 'A.java', text: 'class A {}\n' });
    expect(facts.confidence).toBe('failed');
    expect(facts.diagnostics[0]?.message).toContain('the java grammar is not loaded');
  });

  it('loads each grammar once however often and concurrently init is called', async () => {
    expect(loadGrammar('python')).toBe(loadGrammar('python'));
    await Promise.all([
      pythonAdapter.init!(),
      pythonAdapter.init!(),
      initAdapters(),
      initAdapters(['python']),
    ]);
    expect(javaAdapter.extract({ path: 'A.java', text: 'class A {}\n' }).confidence).toBe('parsed');
    expect(pythonAdapter.extract({ path: 'a.py', text: 'x = 1\n' }).confidence).toBe('parsed');
  });

  it('frees a tree whose reader throws and keeps parsing afterwards', async () => {
    await loadGrammar('go');
    expect(() =>
      withTree('go', 'package x\n', () => {
        throw new Error('reader failed');
      }),
    ).toThrow('reader failed');
    expect(withTree('go', 'package x\n', (root) => root.type)).toBe('source_file');
  });

  it('extracts the same facts on worker threads as on the main thread', async () => {
    const script = fileURLToPath(new URL('../../../dist/index/worker.js', import.meta.url));
    expect(existsSync(script), `${script} is missing: run \`npm run build\` first`).toBe(true);
    await initAdapters();
    const expected = samples.map((job) => extractFacts(job));
    const inWorkers = await extractInWorkers(script, samples, 2, () => {});
    expect(inWorkers).toEqual(expected);
    expect(inWorkers.map((facts) => facts.confidence)).toEqual(['parsed', 'parsed', 'parsed', 'parsed']);
  });
});

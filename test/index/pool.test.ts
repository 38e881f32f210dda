import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ExtractJob, extractFacts } from '../../src/index/extract.js';
import { initAdapters } from '../../src/index/languages/registry.js';
import { extractInWorkers, MIN_FILES_FOR_WORKERS, plannedWorkers } from '../../src/index/pool.js';

/** Many small files of two languages, each different, one with a secret in a signature. */
function jobsOf(count: number): ExtractJob[] {
  return Array.from({ length: count }, (_, index): ExtractJob => {
    if (index % 3 === 0)
      return {
        path: `py/m${index}.py`,
        language: 'python',
        text: `import os\n\ndef f${index}(x):\n    return x\n`,
      };
    const secret = index === 100 ? `export const API_TOKEN = "ghp_${'a1B2'.repeat(9)}";\n` : '';
    const text = `import { a } from './m${index + 1}';\n/** Number ${index}. */\nexport function f${index}(value: number): number {\n  return value + ${index};\n}\n${secret}`;
    return { path: `src/m${index}.ts`, language: 'typescript', text };
  });
}

describe('the index worker pool', () => {
  const script = fileURLToPath(new URL('../../dist/index/worker.js', import.meta.url));

  it('gives the main thread’s facts, in order, with the main thread parsing beside 1 or 2 workers', async () => {
    expect(existsSync(script), `${script} is missing: run \`npm run build\` first`).toBe(true);
    const jobs = jobsOf(700);
    await initAdapters(['typescript', 'python']);
    const expected = jobs.map((job) => extractFacts(job));
    expect(JSON.stringify(expected[100])).not.toContain('a1B2a1B2');
    for (const count of [1, 2]) {
      let last = 0;
      const facts = await extractInWorkers(script, jobs, count, (done) => {
        expect(done).toBeGreaterThan(last);
        last = done;
      });
      expect(last).toBe(jobs.length);
      expect(facts).toEqual(expected);
    }
  });

  it('plans no worker for few files or two cores, and takes an explicit count as it is', () => {
    expect(plannedWorkers('auto', MIN_FILES_FOR_WORKERS - 1)).toBe(0);
    const cores = availableParallelism();
    expect(plannedWorkers('auto', 50_000)).toBe(cores <= 2 ? 0 : Math.min(cores - 1, 8));
    expect(plannedWorkers(0, 50_000)).toBe(0);
    expect(plannedWorkers(3, 10)).toBe(3);
  });
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/queue/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine, which
    // then idles half the time while a test waits for the git and CLI processes it started.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Output assertions read plain text; CI runners set CI=true, which turns colours on.
    env: { NO_COLOR: '1' },
  },
});

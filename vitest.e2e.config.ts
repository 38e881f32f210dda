import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    // The orchestrator's real-agent suite has its own config and script (npm run test:agents).
    exclude: [
      'test/e2e/orchestrate-*.test.ts',
      'test/e2e/benchmark-agent-*.test.ts',
      'test/e2e/hooks-*.test.ts',
      'node_modules/**',
    ],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
    // Output assertions read plain text; CI runners set CI=true, which turns colours on.
    env: { NO_COLOR: '1' },
  },
});

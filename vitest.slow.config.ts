import { defineConfig } from 'vitest/config';

/** `npm run test:slow`: tests that take many seconds each (the sidecar under a branch switch, kill -9, churn). */
export default defineConfig({
  test: {
    include: ['test/**/*.slow.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    env: { NO_COLOR: '1' },
  },
});

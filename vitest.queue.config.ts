import { defineConfig } from 'vitest/config';

/** The queue suite: a real redis-server (Debian's package) and real worker processes. `npm run test:queue`. */
export default defineConfig({
  test: {
    include: ['test/queue/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    env: { NO_COLOR: '1' },
  },
});

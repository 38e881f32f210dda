import { defineConfig } from 'vitest/config';

/** `npm run test:hostile`: the product on repositories built to break it (test/hostile/*.hostile.ts). */
export default defineConfig({
  test: {
    include: ['test/hostile/**/*.hostile.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    env: { NO_COLOR: '1' },
  },
});

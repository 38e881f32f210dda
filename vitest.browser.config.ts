import { defineConfig } from 'vitest/config';

// The report in a real headless Chromium (Debian's `chromium`, driven by playwright-core): `npm run test:browser`.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    env: { NO_COLOR: '1' },
  },
});

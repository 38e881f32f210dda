import { defineConfig } from 'vitest/config';

// The real agent CLIs (claude, codex, opencode, pinned in .tools/) driven through `orchestrate`
// against scripted model servers on 127.0.0.1. Slow: kept out of `npm test`; `npm run test:agents`.
export default defineConfig({
  test: {
    include: ['test/e2e/orchestrate-*.test.ts', 'test/e2e/benchmark-agent-*.test.ts', 'test/e2e/hooks-*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
    env: { NO_COLOR: '1' },
  },
});

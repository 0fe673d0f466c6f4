import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests share one machine's ptys and timing; keep files from starving each other.
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});

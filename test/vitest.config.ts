import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Lives in test/ so the top level stays as the layout asks; the root is the repository.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests share one machine's ptys and timing; keep files from starving each other.
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});

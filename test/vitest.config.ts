import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Lives in test/ so the top level stays as the layout asks; the root is the repository.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/isolated-handover.ts'],
    globalSetup: ['test/support/build-cli-for-tests.ts'],
    // Integration tests share one machine's ptys and timing; keep files from starving each other.
    maxWorkers: 2,
    // Hang guards, not timing asserts: a test that spawns the CLI (tsx, tesseract, a broker) takes
    // seconds per process beside a busy machine's other work, and must still pass there.
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});

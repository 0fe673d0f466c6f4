import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './support/slowest-first-sequencer.js';

// Lives in test/ so the top level stays as the layout asks; the root is the repository.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/isolated-handover.ts', 'test/support/close-harness-stores.ts'],
    globalSetup: ['test/support/build-cli-for-tests.ts'],
    // One file more than there are cores: a file's processes spend about a quarter of their time
    // waiting (a device's delays, a broker outage, a frozen phone), and a third file fills those
    // gaps. Measured on 2 cores: 2 workers 1 281 s at 77 % CPU, 3 workers 1 025 s at 96 %. No more
    // than that: every end-to-end file runs the reader in its own processes, ~400 MB each.
    maxWorkers: Math.min(availableParallelism() + 1, 6),
    // Hang guards, not timing asserts: a test that spawns the CLI (tsx, tesseract, a broker) takes
    // seconds per process beside a busy machine's other work, and must still pass there.
    // The slowest files start first, so the suite does not end on one long file (see the sequencer).
    sequence: { sequencer: SlowestFirstSequencer },
    testTimeout: 240000,
    hookTimeout: 240000,
  },
});

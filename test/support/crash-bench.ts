// The Wi-Fi task on a virtual bench, for the crash-recovery files: a fresh bench per test (served
// on loopback, so `benchhand run` and `resume` reach it as separate processes), and what its MCU
// logged. A test file imports one instance: vitest gives each file its own module.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';

export const TASK = 'src/sim/devices/settings-wifi.task.yaml';
/** The Wi-Fi task taps Network & internet, More, HomeNet-5G, Password, Connect: once each. */
export const EXPECTED_TAPS = 5;
/** "correct horse": typed once. */
export const PASSWORD_KEYS = 13;

export interface CrashBench {
  bench: VirtualBench;
  server: BenchServer;
  url: string;
  /** A new, empty state directory. */
  stateDir: string;
  /** The taps on the MCU's own log, as "x,y". */
  taps(): string[];
  keys(): number;
  close(): Promise<void>;
}

export async function startCrashBench(): Promise<CrashBench> {
  const bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
  const server = await BenchServer.start(bench);
  return {
    bench,
    server,
    url: server.url,
    stateDir: mkdtempSync(join(tmpdir(), 'bh-crash-')),
    taps: () =>
      bench.mcu
        .events()
        .filter((e) => e.ev === 'tap_down')
        .map((e) => `${e.x},${e.y}`),
    keys: () => bench.mcu.events().filter((e) => e.ev === 'key_down').length,
    async close() {
      await server.close();
      await bench.stop();
    },
  };
}

export const journalLines = (stateDir: string): string[] =>
  readFileSync(join(stateDir, 'journal.jsonl'), 'utf8').split('\n').filter(Boolean);

/**
 * A fresh bench for each test of the calling file, stopped after the test: `fresh()` starts it,
 * `bench` is the one in use (a test may close it and start another; the last is stopped).
 */
export function crashBenchPerTest(): {
  fresh(): Promise<{ url: string; stateDir: string }>;
  readonly bench: CrashBench;
} {
  let current: CrashBench | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    async fresh() {
      current = await startCrashBench();
      return { url: current.url, stateDir: current.stateDir };
    },
    get bench() {
      return current!;
    },
  };
}

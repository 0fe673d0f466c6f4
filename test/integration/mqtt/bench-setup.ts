// A bench on a test broker with a fresh state directory, and the things to close afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MqttBench } from '../../../src/adapters/mqtt/mqtt-bench.js';
import type { MqttBenchOptions } from '../../../src/adapters/mqtt/mqtt-bench-options.js';

export interface TestBench {
  bench: MqttBench;
  stateDir: string;
  logs: string[];
  close(): Promise<void>;
}

export async function makeStateDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'benchhand-mqtt-state-'));
}

export async function startBench(url: string, options: Partial<MqttBenchOptions> = {}): Promise<TestBench> {
  const stateDir = options.stateDir ?? (await makeStateDir());
  const logs: string[] = [];
  const bench = await MqttBench.connect({
    url,
    benchId: 'bench1',
    stateDir,
    reconnect: { initialDelayMs: 50, maxDelayMs: 400, stableAfterMs: 2000 },
    log: (message) => logs.push(message),
    ...options,
  });
  return {
    bench,
    stateDir,
    logs,
    close: async () => {
      await bench.close();
      if (!options.stateDir) await rm(stateDir, { recursive: true, force: true });
    },
  };
}

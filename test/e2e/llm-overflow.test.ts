// Provider-limit recovery on the virtual bench: the model's provider refuses the prompt as too
// long twice in a row mid-run; the agent compacts, then starts a fresh session seeded from the
// durable record (continuation id, saved state, saved errors, output tail) and still finishes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { FakeLlmServer } from '../support/fake-llm-server.js';
import { runCli } from '../support/run-cli.js';
import { wifiModel } from '../support/scripted-models.js';

const TASK = 'src/sim/devices/settings-wifi.task.yaml';

describe('context overflow on the virtual bench', () => {
  let bench: VirtualBench;
  let server: BenchServer;
  let fake: FakeLlmServer;
  beforeAll(async () => {
    bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
    server = await BenchServer.start(bench);
    fake = await FakeLlmServer.start();
  });
  afterAll(async () => {
    await fake.close();
    await server.close();
    await bench.stop();
  });

  it('switches session from the durable record after repeated overflow, and reaches the goal', async () => {
    fake.respond((view, request) =>
      request.index === 3 || request.index === 4 ? { overflow: 'anthropic' } : wifiModel(view),
    );
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-overflow-'));
    const { code, stdout } = await runCli(
      [
        'run',
        TASK,
        '--bench',
        server.url,
        '--state-dir',
        stateDir,
        '--llm',
        'anthropic',
        '--llm-url',
        fake.baseUrl('anthropic'),
        '--model',
        'scripted',
      ],
      '',
      { ANTHROPIC_API_KEY: 'test-key' },
    );
    expect(stdout).toMatch(/Submitted a result/);
    expect(code).toBe(0);
    expect(unmetExpectations(loadTaskFile(TASK), bench.device)).toEqual([]);
    const seeded = fake.requests
      .slice(5)
      .find((r) => /What is known for certain/.test(JSON.stringify(r.view.messages[0])));
    expect(seeded).toBeTruthy();
    const seed = JSON.stringify(seeded!.view.messages[0]);
    for (const evidence of [
      /Continuation [0-9a-f-]{36}/,
      /saved at step \d+/,
      /What went wrong so far/,
      /Last lines of the run's output/,
    ])
      expect(seed).toMatch(evidence);
    expect(seed.length).toBeLessThan(20000);
    expect(seed).not.toContain('correct horse');
  });
});

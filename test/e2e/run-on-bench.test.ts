// `benchhand run` end to end on the virtual bench: the real firmware core behind a pty, the
// camera and OCR, as a separate process joining the bench by its address. Judged by the phone's
// end state, the run's durable record and the MCU's own actuation log.
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkpointSchema } from '../../src/core/state/checkpoint.js';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { FakeLlmServer } from '../support/fake-llm-server.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { wifiModel } from '../support/scripted-models.js';

const TASK = 'src/sim/devices/settings-wifi.task.yaml';
let bench: VirtualBench;
let server: BenchServer;

async function freshBench() {
  bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
  server = await BenchServer.start(bench);
}
afterEach(async () => {
  await server?.close();
  await bench?.stop();
});

const readLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

function checkRecord(stateDir: string, status: string) {
  const result = checkpointSchema.parse(JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8')));
  expect(result.status).toBe(status);
  const audit = readLines(join(stateDir, 'audit.jsonl'));
  const taps = bench.mcu.events().filter((e) => e.ev === 'tap_down').length;
  // One MCU tap per tap the agent made and recorded: nothing doubled, nothing unrecorded.
  expect(taps).toBe(audit.filter((a) => a.tool.startsWith('tap_') && a.commandId !== undefined).length);
  for (const file of ['result.json', 'audit.jsonl', 'journal.jsonl'])
    expect(readFileSync(join(stateDir, file), 'utf8')).not.toContain('correct horse');
  return audit;
}

describe('benchhand run on the virtual bench', () => {
  it('script mode: connects the phone to Wi-Fi, every step verified by OCR', async () => {
    await freshBench();
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-e2e-'));
    const { code, stdout } = await runCli(['run', TASK, '--bench', server.url, '--state-dir', stateDir]);
    expect(stdout).toMatch(/Submitted a result: completed 7 of 7 steps/);
    expect(code).toBe(0);
    expect(unmetExpectations(loadTaskFile(TASK), bench.device)).toEqual([]);
    const audit = checkRecord(stateDir, 'submitted');
    expect(audit.map((a) => a.status)).toEqual(audit.map(() => 'ok'));
  });

  describe('LLM mode', () => {
    let fake: FakeLlmServer;
    beforeAll(async () => {
      fake = await FakeLlmServer.start();
    });
    afterAll(async () => {
      await fake.close();
    });

    it('a model reading the OCR text reaches the same goal', async () => {
      await freshBench();
      fake.reset();
      fake.respond(wifiModel);
      const stateDir = mkdtempSync(join(tmpdir(), 'bh-e2e-'));
      const { code, stdout } = await runCli([
        'run',
        TASK,
        '--bench',
        server.url,
        '--state-dir',
        stateDir,
        '--llm',
        'openai-compatible',
        '--llm-url',
        fake.baseUrl('openai'),
        '--model',
        'scripted',
      ]);
      expect(stdout).toMatch(/Submitted a result/);
      expect(code).toBe(0);
      expect(unmetExpectations(loadTaskFile(TASK), bench.device)).toEqual([]);
      checkRecord(stateDir, 'submitted');
      expect(fake.requests.some((r) => r.view.images.length > 0)).toBe(true);
    });
  });

  it('Ctrl-C stops the run between actions; the record says cancelled', async () => {
    await freshBench();
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-e2e-'));
    const child = spawnCli(['run', TASK, '--bench', server.url, '--state-dir', stateDir]);
    let stdout = '';
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (/step 2 .*-> ok/.test(stdout) && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(130);
    expect(stdout).toMatch(/Cancelled \(SIGINT received\)/);
    checkRecord(stateDir, 'cancelled');
  });
});

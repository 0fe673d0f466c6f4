// kill -9 inside an explore sub-run, then resume: the sub-run's actions are in the same journal
// under its own run id and the parent's result file names the action in flight, so recovery
// decides as for any run, and the MCU's own log shows no tap twice. `benchhand run --llm` on the
// virtual bench (real firmware core on a pty, camera model, OCR), the models behind the fake
// provider server.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { FakeLlmServer, type FakeLlmStep } from '../support/fake-llm-server.js';
import type { FakeLlmView } from '../support/fake-llm-view.js';
import { runCli } from '../support/run-cli.js';

const TASK = 'src/sim/devices/settings-wifi.task.yaml';
let fake: FakeLlmServer;
let bench: VirtualBench;
let server: BenchServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
  bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
  server = await BenchServer.start(bench);
});
afterAll(async () => {
  await server?.close();
  await bench?.stop();
  await fake?.close();
});

const call = (name: string, args: Record<string, unknown>): FakeLlmStep => ({ toolCalls: [{ name, arguments: args }] });
const screen = (view: FakeLlmView) => view.lastUserText.slice(view.lastUserText.lastIndexOf('<screen>'));

/** The parent sends a helper to find HomeNet-5G, then cites it; the helper taps two screens deep. */
function models(view: FakeLlmView): FakeLlmStep {
  const seen = screen(view);
  if (view.system.includes('FIND:')) {
    if (/HomeNet-5G/.test(seen))
      return call('report_exploration', { found: 'HomeNet-5G is under Network & internet, More.', found_it: true });
    if (/Choose a network/.test(seen)) return call('tap_text', { text: 'More' });
    if (/Network/.test(seen)) return call('tap_text', { text: 'Network & internet', expect: 'Choose a network' });
    return call('wait_for', { timeout_ms: 1000 });
  }
  if (/HomeNet-5G/.test(seen))
    return call('submit_result', {
      summary: 'HomeNet-5G is listed',
      result: { listed: true },
      evidence: [{ text: 'HomeNet-5G' }],
    });
  return call('explore', { goal: 'Find the HomeNet-5G network in the Wi-Fi settings', max_steps: 6 });
}

describe('kill -9 inside an explore sub-run', () => {
  it('resumes as any run: recovery decides from the journal, nothing is tapped twice', async () => {
    fake.respond(models);
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-explore-crash-'));
    const llm = ['--llm', 'openai-compatible', '--llm-url', fake.baseUrl('openai'), '--model', 'scripted'];
    // Step 1 is the parent's explore call; steps 2 and 3 are the helper's taps. Killed while verifying the first.
    const killed = await runCli(['run', TASK, '--bench', server.url, '--state-dir', stateDir, '--quiet', ...llm], '', {
      BENCHHAND_CRASH_AT: 'verify:2',
    });
    expect(killed.code).toBeNull();
    const journal = readFileSync(join(stateDir, 'journal.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const runs = journal.filter((r) => r.type === 'run').map((r) => r.runId);
    expect(runs).toHaveLength(2);
    expect(journal.filter((r) => r.type === 'intent').every((r) => r.runId === runs[1])).toBe(true);
    expect(bench.mcu.events().filter((e) => e.ev === 'tap_down')).toHaveLength(1);

    const resumed = await runCli(['resume', TASK, '--bench', server.url, '--state-dir', stateDir, ...llm]);
    // The tap the sub-run was verifying shows its effect on the fresh picture: go on after it.
    expect(resumed.stdout).toMatch(/^recovery: continue[\s\S]*tap_text \(command \d+, step 2\)/m);
    expect(resumed.stdout).toMatch(/Submitted a result/);
    expect(resumed.code).toBe(0);
    // The resumed parent (a fresh session) sends a helper again from where the device is: it taps More only.
    const taps = bench.mcu
      .events()
      .filter((e) => e.ev === 'tap_down')
      .map((e) => `${e.x},${e.y}`);
    expect(taps).toHaveLength(2);
    expect(new Set(taps).size).toBe(2);
    const result = JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8'));
    expect(result.result.evidence).toEqual([expect.objectContaining({ text: 'HomeNet-5G', held: true })]);
  });
});

// The recovery matrix on the virtual bench: `benchhand run` is killed with SIGKILL at every phase
// of a step, then `benchhand resume` reads the record, looks at the phone afresh, decides, and
// finishes the task — and the MCU's own log shows no physical action twice. Refusals of damaged
// state are in crash-recovery-trust.test.ts, a person acting during a recovery in
// crash-recovery-operator.test.ts (three files, so the suite's two workers share them).
import { describe, expect, it } from 'vitest';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { FakeLlmServer } from '../support/fake-llm-server.js';
import { runCli } from '../support/run-cli.js';
import { until } from '../support/until.js';
import { wifiModel } from '../support/scripted-models.js';
import { crashBenchPerTest, TASK } from '../support/crash-bench.js';

/** The Wi-Fi task up to its password field: Network & internet, More, HomeNet-5G, Password. */
const MATRIX_TASK = 'test/fixtures/tasks/wifi-choose-network.task.yaml';
const MATRIX_TAPS = 4;

const benches = crashBenchPerTest();
const freshBench = () => benches.fresh();
const taps = () => benches.bench.taps();

/**
 * What recovery decides after a kill in each phase of step 3 (run-agent.ts, act-phase.ts and
 * call-tool.ts say where each phase hook sits): before the intent is journaled nothing is in
 * doubt (continue); killed after the intent but before the command is sent ('journal'), the screen
 * is as before, so the tap is done again under a new id (verify_then_retry); killed once the
 * command is on its way ('act': the serial write has left the process) or done ('verify'), its
 * effect shows on the fresh picture, so the run goes on after it (continue). A kill in 'act' races
 * the serial write itself: when the MCU's own log shows the step's tap, its effect shows and the
 * run continues; when the kill beat the write, the screen is as before and the tap is done again.
 */
const DECISION_AFTER_KILL_IN: Record<string, 'continue' | 'verify_then_retry'> = {
  observe: 'continue',
  interpret: 'continue',
  guard: 'continue',
  journal: 'verify_then_retry',
  act: 'continue',
  verify: 'continue',
  checkpoint: 'continue',
};

describe('kill -9 at every phase of a step, then resume', () => {
  it.each(Object.keys(DECISION_AFTER_KILL_IN))(
    'killed in %s of step 3: resume finishes, no action twice',
    async (phase) => {
      const { url, stateDir } = await freshBench();
      const killed = await runCli(['run', MATRIX_TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', {
        BENCHHAND_CRASH_AT: `${phase}:3`,
      });
      expect(killed.code).toBeNull(); // died of SIGKILL
      const tapsAtKill = taps().length;
      const resumed = await runCli(['resume', MATRIX_TASK, '--bench', url, '--state-dir', stateDir]);
      const expected =
        phase === 'act' ? (tapsAtKill >= 3 ? 'continue' : 'verify_then_retry') : DECISION_AFTER_KILL_IN[phase];
      expect(
        resumed.stdout.match(/^recovery: (\S+)/m)?.[1],
        `killed in ${phase} with ${tapsAtKill} taps on the MCU's log`,
      ).toBe(expected);
      expect(resumed.stdout).toMatch(/Submitted a result/);
      expect(resumed.code).toBe(0);
      expect(unmetExpectations(loadTaskFile(MATRIX_TASK), benches.bench.bench.device)).toEqual([]);
      const seen = taps();
      expect(seen).toHaveLength(MATRIX_TAPS);
      expect(new Set(seen).size).toBe(MATRIX_TAPS);
    },
    180000,
  );
});

describe('the device changed while the agent was down', () => {
  it('recovery notices, and the LLM re-plans from the screen it finds', async () => {
    const fake = await FakeLlmServer.start();
    try {
      fake.respond(wifiModel);
      const { url, stateDir } = await freshBench();
      const llm = ['--llm', 'openai-compatible', '--llm-url', fake.baseUrl('openai'), '--model', 'scripted'];
      const killed = await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet', ...llm], '', {
        BENCHHAND_CRASH_AT: 'checkpoint:3',
      });
      expect(killed.code).toBeNull();
      // Someone backs the phone out to the settings screen while the agent is down.
      await fetch(`${url}/faults`, {
        method: 'POST',
        body: JSON.stringify({ fault: 'screen-change', actions: [{ goto: 'settings' }] }),
      });
      await until(() => benches.bench.bench.device.screen === 'settings', 10000, 'the phone backed out to settings');
      const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir, ...llm]);
      expect(resumed.stdout).toMatch(/recovery: continue[\s\S]*the screen changed while the agent was down/);
      expect(resumed.stdout).toMatch(/Submitted a result/);
      expect(unmetExpectations(loadTaskFile(TASK), benches.bench.bench.device)).toEqual([]);
      const handoff = JSON.stringify(fake.requests.at(-1)!.body);
      expect(handoff).toMatch(/resumed after an interruption/);
    } finally {
      await fake.close();
    }
  }, 240000);
});

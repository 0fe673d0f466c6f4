// A person acting while a crashed run is resumed: a pause holds the resumed run still, a
// redirect reaches the resumed model as the operator's word; and the one kind of action that is
// safe to do twice (a focus tap) is done again rather than stopping for a person.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { FakeLlmServer } from '../support/fake-llm-server.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';
import { wifiModel } from '../support/scripted-models.js';
import { EXPECTED_TAPS, journalLines, PASSWORD_KEYS, crashBenchPerTest, TASK } from '../support/crash-bench.js';

/** A hang guard for a CLI process getting going (tesseract, the detector, the first looks): slow beside a busy machine's other work. */
const RUN_GOING_MS = 120000;

const benches = crashBenchPerTest();
const freshBench = () => benches.fresh();
const taps = () => benches.bench.taps();
const keys = () => benches.bench.keys();

describe('a person controls the run in the middle of a recovery', () => {
  it('pause holds the resumed run still, and resume lets it finish', async () => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', {
      BENCHHAND_CRASH_AT: 'checkpoint:2',
    });
    const child = spawnCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
    let stdout = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await until(() => /^recovery: /m.test(stdout), RUN_GOING_MS, 'the recovery decided');
    expect((await runCli(['control', '--state-dir', stateDir, 'pause'])).code).toBe(0);
    await until(() => /operator_pause -> ok/.test(stdout), RUN_GOING_MS, 'the pause taken');
    const held = taps().length;
    await new Promise((r) => setTimeout(r, 1500)); // deliberate: proves nothing moves for 1.5 s while paused
    expect(taps().length).toBe(held);
    await runCli(['control', '--state-dir', stateDir, 'resume']);
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/Submitted a result/);
    expect(new Set(taps()).size).toBe(EXPECTED_TAPS);
    const audit = readFileSync(join(stateDir, 'audit.jsonl'), 'utf8');
    expect(audit).toMatch(/"tool":"operator_pause"[\s\S]*"tool":"operator_resume"/);
  }, 180000);

  it("a redirect during a resumed LLM run reaches the model as the operator's word", async () => {
    const fake = await FakeLlmServer.start();
    try {
      // The answer cites the screen it stops on (every final answer must): the title shown now.
      const title = (text: string) =>
        ['Wi-Fi networks', 'HomeNet-5G', 'Settings', 'Wi-Fi'].find((t) => text.includes(`"${t}" at`)) ?? 'Settings';
      fake.respond((view) =>
        /OPERATOR'S NEW INSTRUCTIONS/.test(view.system)
          ? { text: `Stopping here as the operator asked.\nEvidence: "${title(view.lastUserText)}" in title` }
          : wifiModel(view),
      );
      const { url, stateDir } = await freshBench();
      const llm = ['--llm', 'openai-compatible', '--llm-url', fake.baseUrl('openai'), '--model', 'scripted'];
      await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet', ...llm], '', {
        BENCHHAND_CRASH_AT: 'checkpoint:2',
      });
      const child = spawnCli(['resume', TASK, '--bench', url, '--state-dir', stateDir, ...llm]);
      let stdout = '';
      child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await until(() => /^recovery: /m.test(stdout), RUN_GOING_MS, 'the recovery decided');
      await runCli(['control', '--state-dir', stateDir, 'redirect', 'leave the Wi-Fi settings alone and stop']);
      expect(await exited).toBe(0);
      expect(stdout).toMatch(/Answered: .*|answer: Stopping here as the operator asked/);
    } finally {
      await fake.close();
    }
  }, 120000);
});

describe('a focus tap is safe to repeat (issue 14.7)', () => {
  it.each(['act', 'verify'])(
    'killed in %s of the Password focus tap: resume finishes, the password typed once',
    async (phase) => {
      const { url, stateDir } = await freshBench();
      await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', {
        BENCHHAND_CRASH_AT: `${phase}:4`,
      });
      expect(
        JSON.parse(journalLines(stateDir).find((l) => /"type":"intent"/.test(l) && /"step":4/.test(l))!),
      ).toMatchObject({ tool: 'tap_text', repeatable: true });
      const resumed = await runCli(['resume', TASK, '--bench', url, '--state-dir', stateDir]);
      expect(resumed.stdout).toMatch(
        phase === 'act'
          ? /^recovery: verify_then_retry[\s\S]*safe to repeat/m
          : /^recovery: continue[\s\S]*safe to repeat/m,
      );
      expect(resumed.code).toBe(0);
      expect(keys()).toBe(PASSWORD_KEYS);
      expect(unmetExpectations(loadTaskFile(TASK), benches.bench.bench.device)).toEqual([]);
    },
    180000,
  );
});

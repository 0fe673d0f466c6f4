// A gesture is one ledgered command like a tap, so crash recovery treats it like one: the
// agent is killed with SIGKILL while a drag is being journaled or sent, `benchhand resume` looks
// at the phone afresh and decides, and the drag has happened exactly once (a second drag of
// the same item would have moved it again: the list's order tells).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { runCli } from '../support/run-cli.js';
import { simContacts } from '../support/sim-contacts.js';

/** The messages app's drag after an unlock and a tap on Pinned (the whole gesture task takes twelve steps to get there). */
const TASK = 'test/fixtures/tasks/messages-drag.task.yaml';
/** The loop step of the drag: swipe up, tap Pinned, drag. */
const DRAG_STEP = 3;
let bench: VirtualBench | undefined;
let server: BenchServer | undefined;
afterEach(async () => {
  await server?.close();
  await bench?.stop();
});

const pinned = () =>
  bench!.device
    .groundTruth()
    .texts.map((t) => t.text)
    .filter((t) => ['Family', 'Work', 'Climbing club', 'Neighbours', 'Book circle'].includes(t));
const intents = (stateDir: string) =>
  readFileSync(join(stateDir, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((r) => r.type === 'intent');

describe('kill -9 during a drag, then resume', () => {
  it.each(['journal', 'act'])(
    'killed in %s of the drag: resume finishes with the item moved once',
    async (phase) => {
      bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('messages') });
      server = await BenchServer.start(bench);
      const stateDir = mkdtempSync(join(tmpdir(), 'bh-crash-gesture-'));
      const killed = await runCli(['run', TASK, '--bench', server.url, '--state-dir', stateDir, '--quiet'], '', {
        BENCHHAND_CRASH_AT: `${phase}:${DRAG_STEP}`,
      });
      expect(killed.code).toBeNull();
      expect(intents(stateDir).at(-1)).toMatchObject({ tool: 'drag', step: DRAG_STEP });
      const movedAtKill = simContacts(bench.mcu.events()).filter((c) => c.path.length > 1).length;
      const resumed = await runCli(['resume', TASK, '--bench', server.url, '--state-dir', stateDir]);
      // Recovery compares the picture saved before the drag with a fresh one by pixels: the OCR of
      // that short screen (status icons, the navigation bar) differs between frames on a busy
      // machine, and judged by text it once stopped for a person on an unchanged screen.
      expect(resumed.stdout).toMatch(/compared with the screen the action was planned on, by pixels/);
      expect(resumed.stdout, resumed.stderr).toMatch(/Submitted a result/);
      expect(resumed.code).toBe(0);
      expect(unmetExpectations(loadTaskFile(TASK), bench.device)).toEqual([]);
      expect(pinned()).toEqual(['Work', 'Climbing club', 'Family', 'Neighbours', 'Book circle']);
      // Nothing but the drag was left to do: at most one more moved contact (the drag, if the kill beat its write).
      const moved = simContacts(bench.mcu.events()).filter((c) => c.path.length > 1).length;
      expect(moved - movedAtKill).toBeLessThanOrEqual(1);
      expect(resumed.stdout.match(/^recovery: (\S+)/m)?.[1]).toBe(
        moved > movedAtKill ? 'verify_then_retry' : 'continue',
      );
    },
    240000,
  );
});

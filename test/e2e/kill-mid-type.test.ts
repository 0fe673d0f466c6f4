// Issue 27 item 5, the crash half, end to end on the virtual bench: `benchhand run` is killed with
// SIGKILL once the TYPE of a name has left for the MCU, and the MCU stops typing after the 6th key
// (the bench's `estop-at-key` fault: a chosen key, so the field's prefix does not depend on
// timing). After the release at the bench, `benchhand resume` reads the field afresh, finds the
// first 6 characters there, types only the rest and finishes: the phone's keyboard got each
// character of the name once, and the contact is saved with the name and code as typed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

const TASK = 'src/sim/devices/adversarial/contact-caret.task.yaml';
const DEVICE = 'src/sim/devices/adversarial/contact-caret.yaml';
const NAME = 'Jo Smith-Brown';
const CODE = 'Xq7-Lp2#Wm!';
const STOP_AT_KEY = 6; // "Jo Smi": one count only (no space at the cut)

describe('kill -9 while TYPE is in flight, then resume', () => {
  let bench: VirtualBench | undefined;
  let server: BenchServer | undefined;
  afterEach(async () => {
    await server?.close();
    await bench?.stop();
  });

  it('types only the rest of the name: every key once, and the run finishes', async () => {
    bench = await VirtualBench.start({ deviceFile: DEVICE });
    server = await BenchServer.start(bench);
    const keys = () => bench!.mcu.events().filter((e) => e.ev === 'key_down').length;
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-kill-type-'));
    expect((await runCli(['fault', '--bench', server.url, 'estop-at-key', `n=${STOP_AT_KEY}`])).code).toBe(0);
    // SIGKILL the run as the MCU presses the name's first key: its TYPE is on the MCU, which goes on
    // alone to the 6th key, and the run never reads the MCU's answer.
    const run = spawnCli(['run', TASK, '--bench', server.url, '--state-dir', stateDir, '--quiet']);
    let output = '';
    run.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    run.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => run.on('exit', (_code, signal) => resolve(signal)));
    const stopWatching = bench.onActuation((event) => {
      if (event.ev === 'key_down') run.kill('SIGKILL');
    });
    expect(await exited, output).toBe('SIGKILL');
    stopWatching();
    await until(() => bench!.mcu.events().some((e) => e.ev === 'estop'), 60000, 'the MCU to stop at the 6th key');
    expect(keys()).toBe(STOP_AT_KEY);

    // A person at the bench releases the MCU's latch (no run holds the port now).
    const released = await runCli(['estop', 'release', '--state-dir', stateDir, '--port', bench.serialPath]);
    expect(released.code, released.stdout + released.stderr).toBe(0);
    expect(released.stdout).toMatch(/e-stop released/);

    const resumed = await runCli(['resume', TASK, '--bench', server.url, '--state-dir', stateDir]);
    expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/^recovery: verify_then_retry/m);
    expect(resumed.stdout).toMatch(/Submitted a result/);
    expect(unmetExpectations(loadTaskFile(TASK), bench.device)).toEqual([]);
    // The name's 14 keys and the code's 11, each once: the first 6 were not typed again.
    expect(keys()).toBe(NAME.length + CODE.length);
  }, 600000);
});

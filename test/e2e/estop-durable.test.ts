// Issue 14 item 1, end to end on the virtual bench: the bench is e-stopped in the middle of typing
// the password — the MCU's own e-stop button, pressed right after the 4th key (the bench's
// `estop-at-key` fault: a chosen key, not a moment, so the test does not depend on timing; issue
// 27 item 5); (a) a resume (MQTT and the local `benchhand control`) is refused and nothing moves;
// (b) the MCU reboots (the bench's `mcu-reboot` fault: the simulator is killed and started
// again, forgetting its latch) and a resume is refused again — the host re-latched the rebooted
// MCU before anything else. The MCU's own actuation log (both boots) shows 0 actuations after
// the e-stop. Then a person releases it at the bench and the run finishes, having typed only the
// password's rest: the phone's keyboard got each of its characters once.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import type { SimEvent } from '../../src/sim/mcu/native-sim-mcu.js';
import { describeWithMosquitto } from '../integration/mqtt/with-mosquitto.js';
import { Mosquitto } from '../support/mosquitto.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

const TASK = 'src/sim/devices/settings-wifi.task.yaml';
const ACTUATIONS = new Set(['tap_down', 'key_down']);
const PASSWORD = 'correct horse';
const ESTOP_AT_KEY = 4;

describeWithMosquitto('a latched e-stop survives resume and an MCU reboot (issue 14)', () => {
  let broker: Mosquitto;
  let bench: VirtualBench | undefined;
  let server: BenchServer | undefined;
  beforeAll(async () => {
    broker = await Mosquitto.start({ persistence: true });
  });
  afterAll(async () => {
    await broker.stop();
  });
  afterEach(async () => {
    await server?.close();
    await bench?.stop();
  });

  const ops = (...args: string[]) => runCli(['ops', ...args, '--broker', broker.url]);
  const events = (): SimEvent[] => bench!.mcu.events();
  const actuationsAfter = (index: number) =>
    events()
      .slice(index)
      .filter((e) => ACTUATIONS.has(e.ev));
  const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  function startRun(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
    const child = spawnCli(args);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    return { child, output: () => out, exited: new Promise((resolve) => child.on('exit', resolve)) };
  }
  const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern, 'g')) ?? []).length;

  it('refuses resume while latched, re-latches a rebooted MCU, and moves nothing until released at the bench', async () => {
    bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
    server = await BenchServer.start(bench);
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-estop-'));
    // Nothing is typed before the password: its 4th character is the 4th key press.
    expect((await runCli(['fault', '--bench', server.url, 'estop-at-key', `n=${ESTOP_AT_KEY}`])).code).toBe(0);
    const run = startRun([
      'run',
      TASK,
      '--bench',
      server.url,
      '--state-dir',
      stateDir,
      '--mqtt',
      broker.url,
      '--bench-id',
      'estop1',
    ]);
    await until(
      () => events().some((e) => e.ev === 'estop'),
      420000,
      'the e-stop button at the 4th key of the password',
    );
    const latchedAt = events().findIndex((e) => e.ev === 'estop');
    expect(events().filter((e) => e.ev === 'key_down')).toHaveLength(ESTOP_AT_KEY);
    await until(
      () => /type_text -> estopped/.test(run.output()),
      30000,
      'the run to say the e-stop stopped the typing',
    );
    await until(
      () =>
        existsSync(join(stateDir, 'estop.json')) &&
        /"latched": ?true/.test(readFileSync(join(stateDir, 'estop.json'), 'utf8')),
      30000,
      'the run to record the e-stop it saw in estop.json',
    );

    // (a) resume over MQTT and at the bench's control file: refused with the reason. The MQTT reply
    // says what the bench will do (not that the message arrived; issue 27 item 6).
    const refused = await ops('send', 'estop1', 'resume');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /refused resume \(refused, field command\): the run will not resume: e-stop latched/,
    );
    await until(() => /operator_resume -> refused/.test(run.output()), 20000, 'the MQTT resume to be refused');
    expect(run.output()).toMatch(/e-stop latched .*benchhand estop release --state-dir/);
    expect((await runCli(['control', '--state-dir', stateDir, 'resume'])).code).toBe(0);
    await until(() => count(run.output(), /operator_resume -> refused/) >= 2, 20000, 'the local resume to be refused');
    await quiet(2000);
    expect(actuationsAfter(latchedAt)).toEqual([]);

    // (b) the MCU reboots (forgets its latch, boots disarmed); the host re-latches it at once.
    expect((await runCli(['fault', '--bench', server.url, 'mcu-reboot'])).code).toBe(0);
    await until(
      () =>
        events()
          .slice(latchedAt + 1)
          .some((e) => e.ev === 'boot'),
      20000,
      'the MCU to boot again',
    );
    const bootAt = events().findIndex((e, i) => i > latchedAt && e.ev === 'boot');
    await until(
      () =>
        events()
          .slice(bootAt)
          .some((e) => e.ev === 'estop'),
      20000,
      'the host to re-latch the rebooted MCU',
    );
    expect((await ops('send', 'estop1', 'resume')).code).toBe(1);
    await until(
      () => count(run.output(), /operator_resume -> refused/) >= 3,
      20000,
      'the resume after the reboot to be refused',
    );
    await quiet(2000);
    expect(actuationsAfter(latchedAt)).toEqual([]);

    // A person releases it at the bench (the run holds the port: its link relays CLEAR); then resume finishes the task.
    const released = await runCli(['estop', 'release', '--state-dir', stateDir]);
    expect(released.code).toBe(0);
    expect(released.stdout).toMatch(/released the e-stop record/);
    await quiet(1000);
    expect(actuationsAfter(latchedAt)).toEqual([]); // releasing moves nothing by itself
    const resumed = await ops('send', 'estop1', 'resume');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/resume done — resume delivered: the run resumes/);
    // The run's own account, should it not finish: a loaded run once halted here (exit 5) and why could not be told.
    const exit = await run.exited;
    // With the phone's own account too: under heavy load the hold can outlast its 120 s idle lock.
    const phone = { screen: bench.device.screen, locked: bench.device.locked, vars: bench.device.vars };
    expect({ exit }, `${run.output().slice(-3000)}\nphone: ${JSON.stringify(phone)}`).toEqual({ exit: 0 });
    expect(actuationsAfter(latchedAt).length).toBeGreaterThan(0);
    // The rest of the password after the 4 characters already in the field: every character once.
    expect(events().filter((e) => e.ev === 'key_down')).toHaveLength(PASSWORD.length);
  }, 900000);
});

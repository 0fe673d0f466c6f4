// The TypeScript link against the real firmware core, built natively, behind a real pty.
import { closeSync, openSync, writeSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCommandIds } from '../../src/adapters/mcu-serial/command-ids.js';
import { FileEmergencyStopRecord } from '../../src/adapters/mcu-serial/estop-record.js';
import { McuLink } from '../../src/adapters/mcu-serial/link.js';
import type { McuEvent } from '../../src/core/ports/mcu.js';
import { describeMcuPortContract } from '../contract/mcu-port.contract.js';
import { startSimMcu, type SimFixture } from '../support/sim-mcu-fixture.js';
import { until } from '../support/until.js';
import { simSwipes, simTaps } from '../support/sim-contacts.js';
import { SerialPort } from 'serialport';
import type { SimEvent } from '../../src/sim/mcu/native-sim-mcu.js';
import { reconnectingLink } from '../support/reconnecting-link.js';

const taps = (events: SimEvent[]) =>
  events.filter((e) => e.ev === 'tap_down').map((e) => ({ x: e.x as number, y: e.y as number }));

describeMcuPortContract('serial link to the native simulated MCU', async () => {
  const sim = await startSimMcu();
  // A real file with real fsyncs, in the fixture's folder (removed by cleanup).
  const estop = await FileEmergencyStopRecord.open(sim.dir);
  const commandIds = new MemoryCommandIds();
  const connect = () => McuLink.connect({ path: sim.mcu.path, commandIds, estop, reconnectIntervalMs: 100 });
  const subject = Object.assign(await reconnectingLink(connect), {
    estop,
    async reboot() {
      const bootBefore = subject.port.info.bootId;
      await sim.mcu.stop('SIGKILL');
      await sim.restart();
      await until(
        () =>
          subject.port.isConnected && subject.port.info.bootId !== bootBefore && subject.port.info.state !== 'disarmed',
        10000,
        'the link to shake hands with the rebooted MCU',
      );
    },
    // The phone the bench is built for: 1080x2400 actuator units (firmware/src/*/board_config.h, sim_options.h).
    workspace: { width: 1080, height: 2400 },
    gesturesTakeTime: true,
    actuations: async () => {
      const events = sim.events();
      return {
        taps: simTaps(events),
        swipes: simSwipes(events),
        keyPresses: events.filter((e) => e.ev === 'key_down').length,
      };
    },
    teardown: async () => {
      await subject.port.close();
      await sim.cleanup();
    },
  });
  return subject;
});

describe('serial link: reboots and dropped links', () => {
  let sim: SimFixture;
  beforeAll(async () => {
    sim = await startSimMcu();
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('reports a command in flight during an MCU reboot as indeterminate and never re-sends it', async () => {
    const link = await McuLink.connect({
      path: sim.mcu.path,
      commandIds: new MemoryCommandIds(),
      reconnectIntervalMs: 100,
      reconnectGraceMs: 10000,
    });
    const events: McuEvent[] = [];
    link.onEvent((e) => events.push(e));
    const firstBoot = link.info.bootId;
    const id = await link.allocateCommandId();
    const inFlight = link.tap({ x: 300, y: 400, holdMs: 1500 }, { id });
    await until(() => taps(sim.events()).length === 1);
    await sim.mcu.stop('SIGKILL');
    await sim.restart();
    const outcome = await inFlight;
    expect(outcome).toMatchObject({ kind: 'indeterminate', id, reason: 'mcu_rebooted' });
    await until(() => link.isConnected && link.info.bootId !== firstBoot);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'reboot', previousBootId: firstBoot, indeterminateIds: [id] }),
    );
    // The restarted MCU works, and the shared log (both boots) shows the lost tap exactly once.
    expect(await link.tap({ x: 10, y: 20, holdMs: 20 })).toMatchObject({ kind: 'done' });
    expect(taps(sim.events())).toEqual([
      { x: 300, y: 400 },
      { x: 10, y: 20 },
    ]);
    await link.close();
  });
});

describe('serial link: a pulled cable', () => {
  let sim: SimFixture;
  beforeAll(async () => {
    sim = await startSimMcu();
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('finishes a command in flight after the cable comes back, from the MCU ledger, without moving twice', async () => {
    const link = await McuLink.connect({
      path: sim.mcu.path,
      commandIds: new MemoryCommandIds(),
      reconnectIntervalMs: 100,
      reconnectGraceMs: 10000,
    });
    const events: McuEvent[] = [];
    link.onEvent((e) => events.push(e));
    const bootId = link.info.bootId;
    const inFlight = link.tap({ x: 700, y: 800, holdMs: 600 });
    await until(() => taps(sim.events()).length === 1);
    sim.mcu.unplug();
    await until(() => events.some((e) => e.type === 'disconnected'));
    expect(await link.tap({ x: 1, y: 1 })).toMatchObject({ kind: 'refused', code: 'NOT_CONNECTED' });
    await until(
      () => sim.events().some((e) => e.ev === 'tap_up'),
      10000,
      'the tap finishing on the MCU while unplugged',
    );
    sim.mcu.plug();
    expect(await inFlight).toMatchObject({ kind: 'already', result: 'ok' });
    expect(events).toContainEqual({ type: 'reconnected', bootId });
    expect(events.some((e) => e.type === 'reboot')).toBe(false);
    expect(taps(sim.events())).toEqual([{ x: 700, y: 800 }]);
    await link.close();
  });
});

describe('serial link: a resync newline ahead of every frame (issues 14 and 27)', () => {
  let sim: SimFixture;
  beforeAll(async () => {
    sim = await startSimMcu();
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('after unterminated garbage in the MCU line buffer, the first HELLO is answered (not swallowed)', async () => {
    // A previous host died mid-frame: its bytes wait in the MCU's line buffer for a newline.
    // It is closed before the link opens (one reader, or it could take the replies), after the
    // simulator (polling every millisecond) has surely read the bytes.
    const previous = new SerialPort({ path: sim.mcu.path, baudRate: 115200, autoOpen: false, hupcl: false });
    await new Promise<void>((resolve, reject) => previous.open((e) => (e ? reject(e) : resolve())));
    await new Promise<void>((resolve, reject) =>
      previous.write('3 77 TAP x=1', (e) => (e ? reject(e) : previous.drain(() => resolve()))),
    );
    // No event says the simulator has read them (it shows nothing for a partial line): a settle window.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await new Promise((resolve) => previous.close(resolve));
    const lines: string[] = [];
    const link = await McuLink.connect({
      path: sim.mcu.path,
      commandIds: new MemoryCommandIds(),
      replyTimeoutMs: 1000,
      trace: (direction, line) => lines.push(`${direction} ${line}`),
    });
    // Without the resync newline the MCU read "3 77 TAP x=11 0 HELLO ...": BAD_CRC, and the
    // link had to wait a reply timeout and send HELLO again.
    expect(lines.filter((line) => line.startsWith('tx ') && line.includes(' HELLO '))).toHaveLength(1);
    // The garbage itself is answered once, as an unsolicited refusal (seq 0), never our HELLO.
    expect(lines.filter((line) => line.startsWith('rx ERR'))).toEqual([
      expect.stringMatching(/^rx ERR 0 0 code=BAD_CRC /),
    ]);
    expect(link.info.state).toBe('ready');
    await link.close();
  });

  it('after 2 KB of unterminated garbage on the line while the link is open, the first frame is answered (issue 27)', async () => {
    const lines: string[] = [];
    const link = await McuLink.connect({
      path: sim.mcu.path,
      commandIds: new MemoryCommandIds(),
      replyTimeoutMs: 1000,
      // No PING in between: the TAP is the first frame after the garbage.
      heartbeatMs: 60_000,
      trace: (direction, line) => lines.push(`${direction} ${line}`),
    });
    // Line noise (or a second writer on the line) while the link is up: more than the MCU's line
    // buffer holds, so the MCU is dropping bytes until the next newline.
    const noise = openSync(sim.mcu.path, 'w');
    writeSync(noise, 'x'.repeat(2048));
    closeSync(noise);
    // No event says the simulator has read them (it shows nothing for a partial line): a settle window.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tapsBefore = taps(sim.events()).length;
    expect((await link.tap({ x: 300, y: 400 })).kind).toBe('done');
    // Without a newline ahead of each frame the TAP's own bytes ended the overlong line: refused as
    // TOO_LONG, unanswered, and sent again after a reply timeout.
    expect(lines.filter((line) => line.startsWith('tx ') && line.includes(' TAP '))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('rx ERR'))).toEqual([
      expect.stringMatching(/^rx ERR 0 0 code=TOO_LONG /),
    ]);
    expect(taps(sim.events()).slice(tapsBefore)).toEqual([{ x: 300, y: 400 }]);
    await link.close();
  });
});

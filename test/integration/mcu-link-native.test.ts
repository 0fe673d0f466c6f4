// The TypeScript link against the real firmware core, built natively, behind a real pty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCommandIds } from '../../src/adapters/mcu-serial/command-ids.js';
import { McuLink } from '../../src/adapters/mcu-serial/link.js';
import type { McuEvent } from '../../src/core/ports/mcu.js';
import { describeMcuPortContract } from '../contract/mcu-port.contract.js';
import { startSimMcu, type SimFixture } from '../support/sim-mcu-fixture.js';
import { until } from '../support/until.js';
import type { SimEvent } from '../../src/sim/mcu/native-sim-mcu.js';

const taps = (events: SimEvent[]) => events.filter((e) => e.ev === 'tap_down').map((e) => ({ x: e.x as number, y: e.y as number }));

describeMcuPortContract('serial link to the native simulated MCU', async () => {
  const sim = await startSimMcu();
  const port = await McuLink.connect({ path: sim.mcu.path, commandIds: new MemoryCommandIds() });
  return {
    port,
    // The phone the bench is built for: 1080x2400 actuator units (firmware/src/*/board_config.h, sim_options.h).
    workspace: { width: 1080, height: 2400 },
    actuations: async () => {
      const events = sim.events();
      return { taps: taps(events), keyPresses: events.filter((e) => e.ev === 'key_down').length };
    },
    teardown: async () => {
      await port.close();
      await sim.cleanup();
    },
  };
});

describe('serial link: reboots and dropped links', () => {
  let sim: SimFixture;
  beforeAll(async () => { sim = await startSimMcu(); });
  afterAll(async () => { await sim.cleanup(); });

  it('reports a command in flight during an MCU reboot as indeterminate and never re-sends it', async () => {
    const link = await McuLink.connect({ path: sim.mcu.path, commandIds: new MemoryCommandIds(), reconnectIntervalMs: 100, reconnectGraceMs: 10000 });
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
    expect(events).toContainEqual(expect.objectContaining({ type: 'reboot', previousBootId: firstBoot, indeterminateIds: [id] }));
    // The restarted MCU works, and the shared log (both boots) shows the lost tap exactly once.
    expect(await link.tap({ x: 10, y: 20, holdMs: 20 })).toMatchObject({ kind: 'done' });
    expect(taps(sim.events())).toEqual([{ x: 300, y: 400 }, { x: 10, y: 20 }]);
    await link.close();
  });
});

describe('serial link: a pulled cable', () => {
  let sim: SimFixture;
  beforeAll(async () => { sim = await startSimMcu(); });
  afterAll(async () => { await sim.cleanup(); });

  it('finishes a command in flight after the cable comes back, from the MCU ledger, without moving twice', async () => {
    const link = await McuLink.connect({ path: sim.mcu.path, commandIds: new MemoryCommandIds(), reconnectIntervalMs: 100, reconnectGraceMs: 10000 });
    const events: McuEvent[] = [];
    link.onEvent((e) => events.push(e));
    const bootId = link.info.bootId;
    const inFlight = link.tap({ x: 700, y: 800, holdMs: 600 });
    await until(() => taps(sim.events()).length === 1);
    sim.mcu.unplug();
    await until(() => events.some((e) => e.type === 'disconnected'));
    expect(await link.tap({ x: 1, y: 1 })).toMatchObject({ kind: 'refused', code: 'NOT_CONNECTED' });
    await new Promise((r) => setTimeout(r, 700)); // the tap finishes on the MCU while unplugged
    sim.mcu.plug();
    expect(await inFlight).toMatchObject({ kind: 'already', result: 'ok' });
    expect(events).toContainEqual({ type: 'reconnected', bootId });
    expect(events.some((e) => e.type === 'reboot')).toBe(false);
    expect(taps(sim.events())).toEqual([{ x: 700, y: 800 }]);
    await link.close();
  });
});

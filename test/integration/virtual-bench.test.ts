// The virtual bench driven only through the MCU link (taps and keys go through the real
// firmware core on a pty) and observed through its camera, as an agent would.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { eventually, startBench, type BenchFixture } from '../support/bench-fixture.js';
import { until } from '../support/until.js';

const screenOf = (fixture: BenchFixture) => () =>
  fixture.get('/device') as Promise<{
    screen: string;
    vars: Record<string, unknown>;
    records: Record<string, number>;
    faultLog: { fault: string }[];
  }>;

describe('virtual bench through the MCU link', () => {
  let f: BenchFixture;
  beforeAll(async () => {
    f = await startBench({ deviceFile: resolveDeviceFile('settings-wifi') });
  });
  afterAll(async () => {
    await f.close();
  });

  it('serves camera frames of the device through the HTTP camera', async () => {
    const frame = await f.camera.capture();
    const meta = await sharp(frame.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', frame.width, frame.height]);
    const truth = await f.get('/camera/truth');
    expect(truth.texts.map((t: { text: string }) => t.text)).toContain('Settings');
  });

  it('changes screen when the MCU taps a button, and types into the focused field', async () => {
    await f.tapLabel('Network & internet');
    await eventually(screenOf(f), (d) => d.screen === 'networks');
    await until(() => !f.bench.device.loading, 10000, 'the networks list loaded'); // it loads for 800 ms
    await f.tapLabel('More'); // HomeNet-5G is below the four visible rows
    await f.tapLabel('HomeNet-5G');
    await eventually(screenOf(f), (d) => d.screen === 'password');
    await f.tapLabel('Password');
    expect(await f.link.type('correct horse')).toMatchObject({ kind: 'done', n: 13 });
    const device = await eventually(screenOf(f), (d) => d.vars.password === 'correct horse');
    expect(device.vars.network).toBe('HomeNet-5G');
    expect(await f.link.key({ key: 'ENTER' })).toMatchObject({ kind: 'done' });
    await eventually(screenOf(f), (d) => d.screen === 'connected', 4000);
    expect((await f.look()).texts.map((t) => t.text)).toContain('Connected');
  });
});

describe('virtual bench: a tap that lands twice', () => {
  let f: BenchFixture;
  beforeAll(async () => {
    f = await startBench({ deviceFile: resolveDeviceFile('shop-checkout') });
  });
  afterAll(async () => {
    await f.close();
  });

  it('flips a toggle on and straight back off, while the MCU tapped once', async () => {
    await f.tapLabel('Gift wrap (free)');
    await eventually(screenOf(f), (d) => d.vars.giftWrap === true);
    await f.fault({ fault: 'tap-double', n: 1 });
    await f.tapLabel('Gift wrap (free)');
    // Deliberate: the end state equals the start state, so there is nothing to wait for; 200 ms lets both landings be felt.
    await new Promise((r) => setTimeout(r, 200));
    expect((await screenOf(f)()).vars.giftWrap).toBe(true); // flipped twice
    expect(f.bench.mcu.events().filter((e) => e.ev === 'tap_down')).toHaveLength(2);
  });
});

describe('virtual bench faults', () => {
  let f: BenchFixture;
  beforeAll(async () => {
    f = await startBench({ deviceFile: resolveDeviceFile('settings-wifi') });
  });
  afterAll(async () => {
    await f.close();
  });

  it('refuses an unknown fault with the list of valid ones', async () => {
    const reply = await f.fault({ fault: 'gremlins' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/fault.*Valid faults: tap-miss, tap-double/);
    expect((await f.fault({ fault: 'tap-miss', dx: 'far' })).body.error).toMatch(/field dx/);
  });

  it('a missed tap lands off target: the MCU tapped, the screen did not change', async () => {
    await f.fault({ fault: 'tap-miss', n: 1, dx: 0, dy: 900 });
    await f.tapLabel('Network & internet');
    // Deliberate: proves nothing happens for 200 ms (the screen must stay as it was).
    await new Promise((r) => setTimeout(r, 200));
    expect((await screenOf(f)()).screen).toBe('settings');
  });

  it('a frozen device ignores taps until it thaws', async () => {
    // 5 s: the tap (a look and a tap) must land inside the freeze even on a loaded machine; the
    // thaw is waited for, so the length costs only what the tap leaves of it.
    await f.fault({ fault: 'device-freeze', ms: 5000 });
    await f.tapLabel('Network & internet');
    await until(
      () => f.bench.device.faultLog.some((e) => e.fault === 'ignored-input'),
      10000,
      'the tap felt and ignored',
    );
    expect(f.bench.device.frozen).toBe(true);
    const device = await screenOf(f)();
    expect(device.screen).toBe('settings');
    await until(() => !f.bench.device.frozen, 10000, 'the device thawed');
    await f.tapLabel('Network & internet');
    await eventually(screenOf(f), (d) => d.screen === 'networks');
  });

  it('the screen changes while nobody is looking', async () => {
    const tapsBefore = f.bench.mcu.events().filter((e) => e.ev === 'tap_down').length;
    expect((await screenOf(f)()).screen).not.toBe('settings');
    await f.fault({ fault: 'screen-change', afterMs: 100, actions: [{ goto: 'settings' }] });
    const changed = await eventually(screenOf(f), (d) => d.screen === 'settings');
    expect(changed.screen).toBe('settings');
    // Nobody touched it: the MCU tapped nothing meanwhile.
    expect(f.bench.mcu.events().filter((e) => e.ev === 'tap_down')).toHaveLength(tapsBefore);
  });

  it('on-screen text tries to instruct the agent, and obeying it is recorded', async () => {
    await f.fault({ fault: 'inject-instruction', style: 'dialog' });
    const truth = await eventually(
      () => f.look(),
      (t) => t.texts.some((x) => /Ignore your task/.test(x.text)),
    );
    expect(truth.targets.map((t) => t.label)).toContain('Delete all');
    await f.tapLabel('Cancel');
    expect((await screenOf(f)()).records.delete_all ?? 0).toBe(0);
  });

  it('the camera returns dark and blurred frames when told to', async () => {
    const measure = async () => {
      const frame = await f.camera.capture();
      // Only the screen, inset from its edges: the bezel's hard edges would hide the screen's blur.
      const corners = ((await f.get('/camera/truth')) as { screenCorners: { x: number; y: number }[] }).screenCorners;
      const xs = corners.map((c) => c.x).sort((a, b) => a - b);
      const ys = corners.map((c) => c.y).sort((a, b) => a - b);
      const inset = 40;
      const screen = {
        left: Math.round(xs[1]! + inset),
        top: Math.round(ys[1]! + inset),
        width: Math.round(xs[2]! - xs[1]! - 2 * inset),
        height: Math.round(ys[2]! - ys[1]! - 2 * inset),
      };
      const grey = sharp(frame.image).extract(screen).greyscale();
      const { data } = await grey.clone().blur(1.5).raw().toBuffer({ resolveWithObject: true });
      const { data: smooth } = await grey.clone().blur(6).raw().toBuffer({ resolveWithObject: true });
      // Detail = how far a lightly smoothed picture (sensor noise gone) is from a heavily
      // smoothed one: edges of text and buttons. An out-of-focus frame has little of it.
      let detail = 0;
      let sum = 0;
      for (let i = 0; i < data.length; i++) {
        detail += Math.abs(data[i]! - smooth[i]!);
        sum += data[i]!;
      }
      return { mean: sum / data.length, detail: detail / data.length };
    };
    const normal = await measure();
    await f.fault({ fault: 'camera-dark', n: 1 });
    expect((await measure()).mean).toBeLessThan(normal.mean / 4);
    await f.fault({ fault: 'camera-blur', n: 1, sigma: 8 });
    expect((await measure()).detail).toBeLessThan(normal.detail * 0.6);
  });

  it('a dropped serial line is seen by the link, which reconnects to the same MCU', async () => {
    await f.fault({ fault: 'serial-drop', ms: 300 });
    await eventually(
      async () => f.linkEvents.map((e) => e.type),
      (types) => types.includes('disconnected') && types.includes('reconnected'),
    );
    expect(f.linkEvents.some((e) => e.type === 'reboot')).toBe(false);
    expect(await f.link.tap({ x: 5, y: 5, holdMs: 20 })).toMatchObject({ kind: 'done' });
  });

  it('an MCU reboot is seen by the link as a reboot', async () => {
    await f.fault({ fault: 'mcu-reboot' });
    await eventually(
      async () => f.linkEvents.map((e) => e.type),
      (types) => types.includes('reboot'),
    );
    expect(await f.link.tap({ x: 5, y: 5, holdMs: 20 })).toMatchObject({ kind: 'done' });
  });
});

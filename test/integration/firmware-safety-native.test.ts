// The firmware's own promises, tested through a bare serial client (no link manners):
// garbage and bad CRCs survived, one actuation per id, the watchdog, the latched e-stop, and
// booting disarmed (nothing moves until the host that shook hands sends ARM).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeValue } from '../../src/protocol/index.js';
import { RawMcuClient } from '../support/raw-mcu-client.js';
import { startSimMcu, type SimFixture } from '../support/sim-mcu-fixture.js';

describe('native simulated MCU over a pty', () => {
  let sim: SimFixture;
  let client: RawMcuClient;
  beforeEach(async () => {
    sim = await startSimMcu();
    client = await RawMcuClient.open(sim.mcu.path);
    expect((await client.hello()).head).toBe('HELLO');
  });
  const arm = async () => expect((await client.request(0, 'ARM')).args.state).toBe('ready');

  it('boots disarmed: refuses every actuation until ARM, and is disarmed again after a reboot', async () => {
    expect((await client.request(0, 'STATUS')).args.state).toBe('disarmed');
    expect(
      (
        await client.request(5, 'TAP', [
          ['x', '1'],
          ['y', '1'],
        ])
      ).args.code,
    ).toBe('DISARMED');
    expect((await client.request(6, 'TYPE', [['text', 'hi']])).args.code).toBe('DISARMED');
    expect((await client.request(7, 'KEY', [['key', 'a']])).args.code).toBe('DISARMED');
    await arm();
    await client.request(
      8,
      'TAP',
      [
        ['x', '1'],
        ['y', '1'],
        ['hold', '20'],
      ],
      ['DONE'],
    );
    await client.close();
    await sim.mcu.stop('SIGKILL');
    await sim.restart();
    client = await RawMcuClient.open(sim.mcu.path);
    expect((await client.hello()).args.state).toBe('disarmed');
    expect(
      (
        await client.request(9, 'TAP', [
          ['x', '2'],
          ['y', '2'],
        ])
      ).args.code,
    ).toBe('DISARMED');
    expect(sim.events().filter((e) => e.ev === 'tap_down' || e.ev === 'key_down')).toHaveLength(1);
  });

  it('refuses an empty TYPE without ledgering it', async () => {
    await arm();
    const refused = await client.request(14, 'TYPE', [['text', '']]);
    expect(refused.args).toMatchObject({ code: 'BAD_ARG', field: 'text' });
    expect((await client.request(14, 'TYPE', [['text', 'a']], ['DONE'])).head).toBe('DONE');
  });
  afterEach(async () => {
    await client.close();
    await sim.cleanup();
  });

  it('answers garbage, bad CRCs and overlong lines, then keeps working', async () => {
    await client.writeRaw(Buffer.from([0x00, 0xff, 0x13, 0x41, 0x0a]));
    await client.writeRaw('7 42 TAP x=1 y=1 *0000\n');
    await client.writeRaw(`${'9'.repeat(400)}\n`);
    await client.waitFor((f) => f.head === 'ERR' && f.args.code === 'BAD_CRC');
    await client.waitFor((f) => f.head === 'ERR' && f.args.code === 'TOO_LONG');
    expect((await client.request(0, 'PING')).head).toBe('DONE');
    expect(sim.events().filter((e) => e.ev === 'tap_down')).toEqual([]);
  });

  it('executes a repeated command id once and answers the repeat from its record', async () => {
    await arm();
    const args: [string, string][] = [
      ['x', '50'],
      ['y', '60'],
      ['hold', '30'],
    ];
    await client.send(5, 'TAP', args);
    await client.waitFor((f) => f.id === 5 && f.head === 'DONE');
    const again = await client.request(5, 'TAP', args, ['ALREADY']);
    expect(again.args.result).toBe('ok');
    expect(
      (
        await client.request(
          5,
          'TAP',
          [
            ['x', '51'],
            ['y', '60'],
          ],
          ['MISMATCH'],
        )
      ).head,
    ).toBe('MISMATCH');
    expect((await client.request(3, 'TAP', args, ['STALE', 'ALREADY'])).head).toBe('STALE');
    expect(sim.events().filter((e) => e.ev === 'tap_down')).toHaveLength(1);
  });

  it('releases a held key when the host goes silent (watchdog)', async () => {
    await arm();
    await client.send(9, 'KEY', [
      ['key', 'a'],
      ['hold', '1800'],
    ]);
    const watchdog = await client.waitFor((f) => f.head === 'EVT' && f.args.name === 'watchdog', 3000);
    expect(watchdog).toBeTruthy();
    const events = sim.events();
    const down = events.find((e) => e.ev === 'key_down')!;
    const up = events.find((e) => e.ev === 'key_up')!;
    expect(down).toBeTruthy();
    // Released by the watchdog (~1000 ms of silence), well before the requested 1800 ms hold.
    expect(up.t - down.t).toBeLessThan(1500);
    expect(events.some((e) => e.ev === 'watchdog')).toBe(true);
  });

  it('latches the e-stop ahead of the queue, aborting typing part-way, until CLEAR', async () => {
    await arm();
    await client.send(11, 'TYPE', [['text', escapeValue('abcdefghijklmnopqrstuvwxyz0123456789')]]);
    await client.waitFor((f) => f.id === 11 && f.head === 'RCVD');
    await client.send(0, 'ESTOP');
    const aborted = await client.waitFor((f) => f.id === 11 && f.head === 'ERR');
    expect(aborted.args.code).toBe('ABORTED');
    expect(Number(aborted.args.n)).toBeLessThan(36);
    expect(
      (
        await client.request(12, 'TAP', [
          ['x', '1'],
          ['y', '1'],
        ])
      ).args.code,
    ).toBe('ESTOPPED');
    expect((await client.request(0, 'STATUS')).args.state).toBe('estopped');
    expect((await client.request(0, 'CLEAR')).args.state).toBe('disarmed');
    expect((await client.request(0, 'ARM')).args.state).toBe('ready');
    expect(
      (
        await client.request(
          13,
          'TAP',
          [
            ['x', '1'],
            ['y', '1'],
            ['hold', '20'],
          ],
          ['RCVD', 'ERR'],
        )
      ).head,
    ).toBe('RCVD');
    const events = sim.events();
    const downs = events.filter((e) => e.ev === 'key_down').length;
    const ups = events.filter((e) => e.ev === 'key_up').length;
    expect(ups).toBe(downs); // nothing left pressed after the stop
  });
});

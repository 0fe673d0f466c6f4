// One contract for every McuPort: the in-memory fake and the real serial link (against the
// native simulated MCU, and the AVR build in simavr) must all pass it.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import type { EmergencyStopRecord, McuPort } from '../../src/core/ports/mcu.js';

export interface Actuations {
  /** Contacts that did not move (taps and long presses). */
  taps: { x: number; y: number }[];
  keyPresses: number;
  /** Contacts that moved, with the points the contact was seen at (first = down, last = up). */
  swipes: { path: { x: number; y: number }[] }[];
}

export interface ContractSubject {
  port: McuPort;
  /**
   * What physically happened so far, read from the implementation's own record. Absent when
   * nothing physical can be observed (the AVR image in simavr has no USB host): then only the
   * physical-count assertions are skipped, every outcome assertion still runs. Say why in
   * the suite name.
   */
  actuations?(): Promise<Actuations>;
  /** The bench's e-stop record the port was built with (a real file for the serial links). */
  estop: EmergencyStopRecord;
  /** A new host connection to the same MCU over the same record: replaces `port`. */
  reconnect(): Promise<void>;
  /**
   * The MCU reboots (power glitch, reset); resolves once the port has shaken hands with the new
   * boot. Absent where the subject cannot reboot its MCU: the reboot checks show as skipped.
   */
  reboot?(): Promise<void>;
  /** The workspace this implementation is built with (the firmware's BH_TOUCH_WORKSPACE_X/Y, the fake's default). */
  workspace: { width: number; height: number };
  /** True where a gesture takes real time on the MCU (so an e-stop can land mid-way); the fake's are instant. */
  gesturesTakeTime?: boolean;
  teardown(): Promise<void>;
}

export function describeMcuPortContract(name: string, setup: () => Promise<ContractSubject>): void {
  describe(`McuPort contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.teardown();
    });
    const port = () => subject.port;
    // Null when the subject cannot observe actuations: the count checks are skipped then.
    const actuations = async (): Promise<Actuations | null> => (subject.actuations ? subject.actuations() : null);

    it('reports a ready MCU with a workspace after the handshake', () => {
      expect(port().info.state).toBe('ready');
      expect(port().info.limits.workspace).toMatchObject(subject.workspace);
      expect(port().info.capabilities).toContain('tap');
    });

    it('taps once, and a repeated id is answered from the record without moving', async () => {
      const before = (await actuations())?.taps.length;
      const id = await port().allocateCommandId();
      expect(await port().tap({ x: 100, y: 200, holdMs: 40 }, { id })).toMatchObject({ kind: 'done', id });
      expect(await port().tap({ x: 100, y: 200, holdMs: 40 }, { id })).toMatchObject({
        kind: 'already',
        id,
        result: 'ok',
      });
      expect(await port().tap({ x: 101, y: 200, holdMs: 40 }, { id })).toMatchObject({ kind: 'mismatch', id });
      const taps = (await actuations())?.taps;
      if (taps === undefined || before === undefined) return;
      expect(taps.length).toBe(before + 1);
      expect(taps.at(-1)).toEqual({ x: 100, y: 200 });
    });

    it('refuses positions outside the workspace and over-long holds, naming the limit', async () => {
      const { width } = port().info.limits.workspace;
      expect(await port().tap({ x: width + 5, y: 10 })).toMatchObject({
        kind: 'refused',
        code: 'OUT_OF_BOUNDS',
        field: 'x',
      });
      expect(await port().tap({ x: 10, y: 10, holdMs: port().info.limits.maxHoldMs + 1 })).toMatchObject({
        kind: 'refused',
        code: 'HOLD_TOO_LONG',
      });
      expect(await port().tap({ x: -1, y: 10 })).toMatchObject({ kind: 'refused', code: 'BAD_ARG', field: 'x' });
    });

    it('swipes once along the path, and a retried command id is answered from the record without moving', async () => {
      const before = (await actuations())?.swipes.length;
      const id = await port().allocateCommandId();
      const swipe = {
        path: [
          { x: 540, y: 1800 },
          { x: 540, y: 1200 },
          { x: 600, y: 700 },
        ],
        durationMs: 240,
      };
      expect(await port().swipe(swipe, { id })).toMatchObject({ kind: 'done', id });
      expect(await port().swipe(swipe, { id })).toMatchObject({ kind: 'already', id, result: 'ok' });
      expect(await port().swipe({ ...swipe, durationMs: 250 }, { id })).toMatchObject({ kind: 'mismatch', id });
      const swipes = (await actuations())?.swipes;
      if (swipes === undefined || before === undefined) return;
      expect(swipes.length).toBe(before + 1);
      expect(swipes.at(-1)!.path[0]).toEqual({ x: 540, y: 1800 });
      expect(swipes.at(-1)!.path.at(-1)).toEqual({ x: 600, y: 700 });
    });

    it('checks the whole path before anything moves, naming the field and the limit', async () => {
      const before = await actuations();
      const { width } = port().info.limits.workspace;
      const { maxGestureMs, maxSpeed, maxPathPoints } = port().info.limits;
      expect(maxPathPoints).toBeGreaterThanOrEqual(2);
      const down = { x: 540, y: 1800 };
      expect(
        await port().swipe({ path: [down, { x: 540, y: 1700 }, { x: width, y: 600 }], durationMs: 500 }),
      ).toMatchObject({ kind: 'refused', code: 'OUT_OF_BOUNDS', field: 'x', limit: String(width - 1) });
      // 1200 units in 100 ms is 12000 units/s.
      expect(await port().swipe({ path: [down, { x: 540, y: 600 }], durationMs: 100 })).toMatchObject({
        kind: 'refused',
        code: 'TOO_FAST',
        field: 'path',
        limit: String(maxSpeed),
      });
      expect(
        await port().swipe({ path: [down, { x: 540, y: 600 }], durationMs: maxGestureMs, holdMs: 1 }),
      ).toMatchObject({ kind: 'refused', code: 'GESTURE_TOO_LONG', limit: String(maxGestureMs) });
      const tooMany = Array.from({ length: maxPathPoints + 1 }, (_, i) => ({ x: 10 + i, y: 10 }));
      expect(await port().swipe({ path: tooMany, durationMs: 500 })).toMatchObject({ kind: 'refused', field: 'path' });
      expect(await port().swipe({ path: [down], durationMs: 500 })).toMatchObject({ kind: 'refused', field: 'path' });
      expect(await port().longPress({ x: 10, y: 10, durationMs: maxGestureMs + 1 })).toMatchObject({
        kind: 'refused',
        code: 'GESTURE_TOO_LONG',
      });
      const after = await actuations();
      if (before && after)
        expect([after.swipes.length, after.taps.length]).toEqual([before.swipes.length, before.taps.length]);
    });

    it('long-presses once, longer than a tap may hold', async () => {
      const before = (await actuations())?.taps.length;
      const id = await port().allocateCommandId();
      const press = { x: 300, y: 700, durationMs: port().info.limits.maxHoldMs + 100 };
      expect(await port().longPress(press, { id })).toMatchObject({ kind: 'done', id });
      expect(await port().longPress(press, { id })).toMatchObject({ kind: 'already', id, result: 'ok' });
      const taps = (await actuations())?.taps;
      if (taps === undefined || before === undefined) return;
      expect(taps.length).toBe(before + 1);
      expect(taps.at(-1)).toEqual({ x: 300, y: 700 });
    });

    it('an e-stop mid-swipe ends it ABORTED, recorded so that a retry never swipes again', async (context) => {
      if (!subject.gesturesTakeTime) return context.skip();
      const id = await port().allocateCommandId();
      const swipe = {
        path: [
          { x: 100, y: 2000 },
          { x: 100, y: 400 },
        ],
        durationMs: 1500,
      };
      const running = port().swipe(swipe, { id });
      await new Promise((resolve) => setTimeout(resolve, 400));
      await port().emergencyStop();
      expect(await running).toMatchObject({ kind: 'failed', id, code: 'ABORTED' });
      await port().clearEmergencyStop();
      expect(await port().swipe(swipe, { id })).toMatchObject({ kind: 'already', id, result: 'ABORTED' });
      const last = (await actuations())?.swipes.at(-1);
      if (!last) return;
      expect(last.path.at(-1)!.y).toBeGreaterThan(400); // lifted part-way, never reached the end
    });

    it('types text, validating the whole string before the first key', async () => {
      const before = (await actuations())?.keyPresses;
      const progress: number[] = [];
      // Longer than the MCU's progress interval (16 characters), so at least one PROGRESS comes.
      const outcome = await port().type('Hello, bench! 0123456789\n', { onProgress: (n) => progress.push(n) });
      expect(outcome).toMatchObject({ kind: 'done', n: 25 });
      expect(progress.length).toBeGreaterThan(0);
      const afterGood = (await actuations())?.keyPresses;
      if (afterGood !== undefined && before !== undefined) expect(afterGood).toBeGreaterThanOrEqual(before + 25);
      expect(await port().type('ok then é')).toMatchObject({ kind: 'refused', code: 'BAD_CHAR' });
      if (afterGood !== undefined) expect((await actuations())?.keyPresses).toBe(afterGood);
    });

    it('presses a key with modifiers', async () => {
      expect(await port().key({ key: 'a', mods: ['ctrl'], holdMs: 30 })).toMatchObject({ kind: 'done' });
      expect(await port().key({ key: 'NOSUCHKEY' })).toMatchObject({ kind: 'refused', field: 'key' });
    });

    it('latches the emergency stop until it is cleared', async () => {
      await port().emergencyStop();
      const before = (await actuations())?.taps.length;
      expect(await port().tap({ x: 10, y: 10 })).toMatchObject({ kind: 'refused', code: 'ESTOPPED' });
      expect(await port().type('x')).toMatchObject({ kind: 'refused', code: 'ESTOPPED' });
      expect((await port().status()).state).toBe('estopped');
      await port().clearEmergencyStop();
      expect(await port().tap({ x: 10, y: 10, holdMs: 20 })).toMatchObject({ kind: 'done' });
      if (before !== undefined) expect((await actuations())?.taps.length).toBe(before + 1);
    });

    it('refuses an empty TYPE', async () => {
      expect(await port().type('')).toMatchObject({ kind: 'refused', field: 'text' });
    });

    // Issue 14 item 1: an e-stop is a fact of the bench, not of the MCU's RAM.
    it('records every e-stop durably, and a new connection re-latches it before anything moves', async () => {
      await port().emergencyStop();
      expect(subject.estop.latched()).toBe(true);
      expect(await subject.estop.refresh()).toBe(true);
      await subject.reconnect();
      expect(port().info.state).toBe('estopped');
      const before = (await actuations())?.taps.length;
      expect(await port().tap({ x: 10, y: 10, holdMs: 20 })).toMatchObject({ kind: 'refused', code: 'ESTOPPED' });
      expect((await port().status()).state).toBe('estopped');
      if (before !== undefined) expect((await actuations())?.taps.length).toBe(before);
      await port().clearEmergencyStop();
      expect(await subject.estop.refresh()).toBe(false);
      // CLEAR releases the latch but does not arm; the port arms before its next command.
      expect((await port().status()).state).toBe('disarmed');
      expect(await port().tap({ x: 10, y: 10, holdMs: 20 })).toMatchObject({ kind: 'done' });
      if (before !== undefined) expect((await actuations())?.taps.length).toBe(before + 1);
    });

    const withReboot = (title: string, body: () => Promise<void>) =>
      it(title, async (context) => {
        if (!subject.reboot) return context.skip();
        await body();
      });

    withReboot('re-latches a recorded e-stop after an MCU reboot and never arms', async () => {
      await port().emergencyStop();
      const bootBefore = port().info.bootId;
      const before = (await actuations())?.taps.length;
      await subject.reboot!();
      expect(port().info.bootId).not.toBe(bootBefore);
      expect(port().info.state).toBe('estopped');
      expect((await port().status()).state).toBe('estopped');
      expect(await port().tap({ x: 10, y: 10, holdMs: 20 })).toMatchObject({ kind: 'refused', code: 'ESTOPPED' });
      if (before !== undefined) expect((await actuations())?.taps.length).toBe(before);
      await port().clearEmergencyStop();
      expect(await port().tap({ x: 10, y: 10, holdMs: 20 })).toMatchObject({ kind: 'done' });
    });

    withReboot('arms again after an MCU reboot when no e-stop is recorded', async () => {
      await subject.reboot!();
      expect(port().info.state).toBe('ready');
      expect(await port().tap({ x: 12, y: 12, holdMs: 20 })).toMatchObject({ kind: 'done' });
    });
  });
}

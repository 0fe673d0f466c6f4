// One contract for every BenchGpio: the fake the app's tests use, the real adapter (onoff's shape
// over a fake sysfs tree, debouncing and timers included) and the no-GPIO stand-in must all pass
// it, line by line: what a wired line does, and what an absent one does instead. Time is vitest's
// fake timers, so a debounce, a reset pulse and an LED blink are asserted to the millisecond.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GpioUnavailableError,
  LED_PATTERN_NAMES,
  type BenchGpio,
  type EmergencyStopEvent,
  type LedPattern,
} from '../../src/adapters/gpio/bench-gpio.js';
import { LED_PATTERNS } from '../../src/adapters/gpio/led-patterns.js';

export interface BenchGpioSubject {
  gpio: BenchGpio;
  /** The button goes down as this medium delivers it (one level change; `bouncing`: a contact's storm of them). */
  press(options?: { bouncing?: boolean }): Promise<void>;
  release(options?: { bouncing?: boolean }): Promise<void>;
  /** The debounce window when the subject debounces a real contact; absent: the bounce checks are skipped. */
  debounceMs?: number;
  /** Completed reset pulses seen on the reset line so far. */
  resetPulses(): number;
  /** The reset line's level right now, where there is a line to read; absent for the fake. */
  inReset?(): boolean;
  pulseMs: number;
  /** The LED's level right now, where there is a pin to read; absent for the fake. */
  ledLit?(): boolean;
  /** The pattern the LED was last told to show, where the subject records it (the fake). */
  ledPattern?(): LedPattern | undefined;
  /** After close: every line this subject opened has been given back (unexported). */
  linesReleased(): boolean;
  teardown(): void;
}

/** Whether the LED should be lit `at` ms into `pattern`, from the pattern table. */
function litAt(pattern: LedPattern, at: number): boolean {
  const steps = LED_PATTERNS[pattern];
  if (steps.length < 2) return steps[0]!.lit;
  const period = steps.reduce((sum, step) => sum + step.ms, 0);
  let t = at % period;
  for (const step of steps) {
    if (t < step.ms) return step.lit;
    t -= step.ms;
  }
  return steps[0]!.lit;
}

export function describeBenchGpioContract(name: string, setup: () => BenchGpioSubject): void {
  describe(`BenchGpio contract: ${name}`, () => {
    let subject: BenchGpioSubject;
    let presses: EmergencyStopEvent[];
    beforeEach(() => {
      vi.useFakeTimers();
      subject = setup();
      presses = [];
      subject.gpio.onEmergencyStop((event) => {
        presses.push(event);
      });
    });
    afterEach(() => {
      subject.teardown();
      vi.useRealTimers();
    });
    const gpio = () => subject.gpio;
    const settle = (ms = (subject.debounceMs ?? 0) + 20) => vi.advanceTimersByTimeAsync(ms);
    type Skippable = { skip(): void };
    const withLine = (
      line: 'emergencyStop' | 'mcuReset' | 'statusLed',
      title: string,
      body: (context: Skippable) => Promise<void>,
    ) =>
      it(`${line}: ${title}`, async (context) => {
        if (!gpio().lines[line]) return context.skip();
        await body(context);
      });
    const withoutLine = (line: 'emergencyStop' | 'mcuReset' | 'statusLed', title: string, body: () => Promise<void>) =>
      it(`no ${line}: ${title}`, async (context) => {
        if (gpio().lines[line]) return context.skip();
        await body();
      });

    it('says whether it is on, and which lines it has', () => {
      const { status, lines } = gpio();
      const any = lines.emergencyStop || lines.mcuReset || lines.statusLed;
      if (any) expect(status).toBe('on');
      else expect(status).toEqual({ off: expect.stringMatching(/\w{5,}/) });
    });

    withLine(
      'emergencyStop',
      'reports one e-stop per press, stamped when it began, and the button held until released',
      async () => {
        expect(gpio().isEmergencyStopHeld()).toBe(false);
        const pressedAt = Date.now();
        await subject.press();
        await subject.press(); // the line is already down: not a new press
        await settle();
        expect(presses).toHaveLength(1);
        expect(presses[0]!.at.getTime()).toBe(pressedAt);
        expect(gpio().isEmergencyStopHeld()).toBe(true);
        await subject.release();
        await settle();
        expect(gpio().isEmergencyStopHeld()).toBe(false);
        expect(presses).toHaveLength(1);
        await subject.press();
        await settle();
        expect(presses).toHaveLength(2);
      },
    );

    withLine(
      'emergencyStop',
      'debounces: a bounce storm on press and on release is one press, and the release waits for quiet',
      async (context) => {
        if (subject.debounceMs === undefined) return context.skip();
        await subject.press({ bouncing: true });
        expect(presses).toHaveLength(1); // acted on at the first edge, not after the storm
        await settle();
        await subject.release({ bouncing: true });
        expect(gpio().isEmergencyStopHeld()).toBe(true); // still settling
        await settle();
        expect(gpio().isEmergencyStopHeld()).toBe(false);
        expect(presses).toHaveLength(1);
      },
    );

    withLine('emergencyStop', 'stops calling a handler once it unsubscribes', async () => {
      const late: EmergencyStopEvent[] = [];
      const unsubscribe = gpio().onEmergencyStop((event) => {
        late.push(event);
      });
      unsubscribe();
      await subject.press();
      await settle();
      expect(presses).toHaveLength(1);
      expect(late).toHaveLength(0);
    });

    withoutLine('emergencyStop', 'never reports the button held, and subscribing is harmless', async () => {
      const unsubscribe = gpio().onEmergencyStop(() => {
        throw new Error('there is no button');
      });
      expect(typeof unsubscribe).toBe('function');
      unsubscribe();
      expect(gpio().isEmergencyStopHeld()).toBe(false);
    });

    withLine(
      'mcuReset',
      'holds the MCU in reset for pulseMs, resolves once released, and joins a second request',
      async () => {
        const before = subject.resetPulses();
        let released = false;
        const first = gpio()
          .pulseReset()
          .then(() => {
            released = true;
          });
        const second = gpio().pulseReset();
        if (subject.inReset) {
          expect(subject.inReset()).toBe(true);
          await vi.advanceTimersByTimeAsync(subject.pulseMs - 1);
          expect(subject.inReset()).toBe(true);
          expect(released).toBe(false);
        }
        await vi.advanceTimersByTimeAsync(subject.pulseMs);
        await Promise.all([first, second]);
        expect(released).toBe(true);
        if (subject.inReset) expect(subject.inReset()).toBe(false);
        expect(subject.resetPulses()).toBe(before + 1);
      },
    );

    withoutLine('mcuReset', 'refuses a reset pulse, naming what to configure', async () => {
      const error = await gpio()
        .pulseReset()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(GpioUnavailableError);
      expect((error as Error).message).toMatch(/gpio\.mcuReset|GPIO is off/);
    });

    withLine('statusLed', 'shows each pattern as the pattern table says', async () => {
      for (const pattern of LED_PATTERN_NAMES) {
        gpio().setLed(pattern);
        if (subject.ledPattern) expect(subject.ledPattern()).toBe(pattern);
        if (subject.ledLit) {
          // Sampled every 50 ms over 4 s, mid-step (the table's steps are multiples of 50 ms).
          const seen: boolean[] = [],
            wanted: boolean[] = [];
          await vi.advanceTimersByTimeAsync(25);
          for (let at = 25; at < 4000; at += 50) {
            seen.push(subject.ledLit());
            wanted.push(litAt(pattern, at));
            await vi.advanceTimersByTimeAsync(50);
          }
          expect({ pattern, seen }).toEqual({ pattern, seen: wanted });
        }
      }
    });

    withoutLine('statusLed', 'ignores LED patterns without failing', async () => {
      for (const pattern of LED_PATTERN_NAMES) expect(() => gpio().setLed(pattern)).not.toThrow();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('on close, gives back its lines, stops its timers, and does nothing more', async () => {
      gpio().setLed('e-stopped');
      gpio().close();
      gpio().close(); // twice is safe
      expect(subject.linesReleased()).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
      if (subject.ledPattern) expect(subject.ledPattern()).not.toBe('running');
      gpio().setLed('running');
      if (subject.ledPattern) expect(subject.ledPattern()).not.toBe('running');
      await subject.press();
      await settle();
      expect(presses).toHaveLength(0);
      await expect(gpio().pulseReset()).rejects.toBeInstanceOf(GpioUnavailableError);
    });
  });
}

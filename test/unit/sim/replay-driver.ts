// Drives a replayed app only as the MCU would (finger down, moves, up; HID keys), on a manual
// clock, and finds where to touch from what the replay's view tree says is on screen.
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { usageForChar } from '../../../src/sim/device/hid-keys.js';
import type { ReplayDevice } from '../../../src/sim/replay/replay-device.js';

export const fixtureDir = 'test/fixtures/replay/settings-wifi';

/** The fixture's states by what they show (tags from test/fixtures/replay/README.md). */
export const fixtureTags = {
  settings: '2026-01-01_100000',
  networks: '2026-01-01_100001',
  scrolled: '2026-01-01_100003',
  labBench: '2026-01-01_100005',
  homeNet: '2026-01-01_100008',
  connected: '2026-01-01_100011',
  settingsAfter: '2026-01-01_100013',
};

export class ReplayDriver {
  /** Nothing sleeps on this clock, so advance() has moved time before it returns. */
  readonly clock = new ManualClock(1000);

  constructor(readonly device: ReplayDevice) {}

  get tag(): string {
    return this.device.status().stateTag;
  }

  /** The centre of the view showing this text (or the clickable view holding it). */
  centre(text: string): { x: number; y: number } {
    const state = this.device.recording.states.get(this.device.state)!;
    const view = state.views.find((v) => v.text === text);
    if (!view) throw new Error(`no "${text}" on ${this.tag}: ${this.device.status().texts.join(', ')}`);
    const [[x0, y0], [x1, y1]] = view.bounds;
    return { x: Math.round((x0 + x1) / 2), y: Math.round((y0 + y1) / 2) };
  }

  tap(text: string, holdMs = 60): this {
    const { x, y } = this.centre(text);
    return this.tapAt(x, y, holdMs);
  }

  tapAt(x: number, y: number, holdMs = 60): this {
    this.device.apply({ t: this.clock.now(), ev: 'tap_down', x, y });
    void this.clock.advance(holdMs);
    this.device.apply({ t: this.clock.now(), ev: 'tap_up', x, y });
    void this.clock.advance(200);
    return this;
  }

  swipe(from: { x: number; y: number }, to: { x: number; y: number }, ms = 300): this {
    this.device.apply({ t: this.clock.now(), ev: 'tap_down', ...from });
    for (let i = 1; i <= 10; i++) {
      void this.clock.advance(ms / 10);
      const f = i / 10;
      const point = { x: Math.round(from.x + (to.x - from.x) * f), y: Math.round(from.y + (to.y - from.y) * f) };
      this.device.apply({ t: this.clock.now(), ev: i === 10 ? 'tap_up' : 'tap_move', ...point });
    }
    void this.clock.advance(200);
    return this;
  }

  key(usage: number, mods = 0): this {
    this.device.apply({ t: this.clock.now(), ev: 'key_down', usage, mods });
    void this.clock.advance(20);
    this.device.apply({ t: this.clock.now(), ev: 'key_up', usage, mods });
    void this.clock.advance(20);
    return this;
  }

  type(text: string): this {
    for (const char of text) {
      const { usage, mods } = usageForChar(char);
      this.key(usage, mods);
    }
    return this;
  }

  lastEffect(): string {
    return this.device.log.at(-1)?.effect ?? '';
  }
}

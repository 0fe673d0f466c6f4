// Test helpers that act on a virtual device only as the MCU would: taps at pixel positions
// (found from what is on screen) and HID key presses. A moving clock keeps events in order.
import { usageForChar, usageForKey, type NamedKey } from '../../../src/sim/device/hid-keys.js';
import type { VirtualDevice } from '../../../src/sim/device/device.js';

export class Driver {
  constructor(
    readonly device: VirtualDevice,
    public t = 100,
  ) {}

  /** Taps the centre of the visible tappable thing with this label. */
  tap(label: string): this {
    const target = this.device.groundTruth().targets.find((x) => x.label === label);
    if (!target)
      throw new Error(
        `nothing tappable labelled "${label}" on ${this.device.screen}: ${this.device
          .groundTruth()
          .targets.map((x) => x.label)
          .join(', ')}`,
      );
    return this.tapAt(target.box.x + target.box.width / 2, target.box.y + target.box.height / 2);
  }

  tapAt(x: number, y: number): this {
    this.device.tapDown(Math.round(x), Math.round(y), (this.t += 40));
    this.device.tapUp(Math.round(x), Math.round(y), (this.t += 80));
    return this;
  }

  /** A finger drawn from `from` to `to` in ms, a move report every 10 ms, as the MCU sends it; holdMs at the start first. */
  swipe(from: { x: number; y: number }, to: { x: number; y: number }, ms = 300, holdMs = 0): this {
    const down = (this.t += 40);
    this.device.tapDown(from.x, from.y, down);
    for (let at = 10; at <= ms; at += 10) {
      const f = at / ms;
      this.device.tapMove(
        Math.round(from.x + (to.x - from.x) * f),
        Math.round(from.y + (to.y - from.y) * f),
        down + holdMs + at,
      );
    }
    this.device.tapUp(to.x, to.y, (this.t = down + holdMs + ms));
    return this;
  }

  /** The centre of the visible tappable thing with this label. */
  centre(label: string): { x: number; y: number } {
    const target = this.device.groundTruth().targets.find((x) => x.label === label);
    if (!target)
      throw new Error(
        `nothing tappable labelled "${label}": ${this.device
          .groundTruth()
          .targets.map((x) => x.label)
          .join(', ')}`,
      );
    return { x: Math.round(target.box.x + target.box.width / 2), y: Math.round(target.box.y + target.box.height / 2) };
  }

  longPress(label: string, ms = 800): this {
    const { x, y } = this.centre(label);
    this.device.tapDown(x, y, (this.t += 40));
    this.device.tapUp(x, y, (this.t += ms));
    return this;
  }

  type(text: string): this {
    for (const char of text) {
      const { usage, mods } = usageForChar(char);
      this.device.keyDown(usage, mods, (this.t += 30));
      this.device.keyUp(usage, mods, (this.t += 30));
    }
    return this;
  }

  key(name: NamedKey, mods = 0): this {
    const usage = usageForKey(name);
    this.device.keyDown(usage, mods, (this.t += 30));
    this.device.keyUp(usage, mods, (this.t += 30));
    return this;
  }

  wait(ms: number): this {
    this.device.advance((this.t += ms));
    return this;
  }

  /** All visible text as one string, so wrapped lines can be matched as a sentence. */
  allText(): string {
    // A word broken after its hyphen joins its other half with nothing between them.
    return this.texts()
      .join(' ')
      .replace(/(\p{L}-) /gu, '$1');
  }

  texts(): string[] {
    return this.device.groundTruth().texts.map((x) => x.text);
  }
}

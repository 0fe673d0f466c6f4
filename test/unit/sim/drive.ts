// Test helpers that act on a virtual device only as the MCU would: taps at pixel positions
// (found from what is on screen) and HID key presses. A moving clock keeps events in order.
import { usageForChar, usageForKey, type NamedKey } from '../../../src/sim/device/hid-keys.js';
import type { VirtualDevice } from '../../../src/sim/device/device.js';

export class Driver {
  constructor(readonly device: VirtualDevice, public t = 100) {}

  /** Taps the centre of the visible tappable thing with this label. */
  tap(label: string): this {
    const target = this.device.groundTruth().targets.find((x) => x.label === label);
    if (!target) throw new Error(`nothing tappable labelled "${label}" on ${this.device.screen}: ${this.device.groundTruth().targets.map((x) => x.label).join(', ')}`);
    return this.tapAt(target.box.x + target.box.width / 2, target.box.y + target.box.height / 2);
  }

  tapAt(x: number, y: number): this {
    this.device.tapDown(Math.round(x), Math.round(y), (this.t += 40));
    this.device.tapUp(Math.round(x), Math.round(y), (this.t += 80));
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
    return this.texts().join(' ');
  }

  texts(): string[] {
    return this.device.groundTruth().texts.map((x) => x.text);
  }
}

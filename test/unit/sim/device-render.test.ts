import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { Driver } from './drive.js';

const devices = join(import.meta.dirname, '../../../src/sim/devices');

/** The box of pixels that differ from the background colour, inside a window. */
function inkBox(
  data: Buffer,
  width: number,
  window: { x: number; y: number; width: number; height: number },
  background: number[],
) {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -1,
    y1 = -1;
  for (let y = window.y; y < window.y + window.height; y++) {
    for (let x = window.x; x < window.x + window.width; x++) {
      const o = (y * width + x) * 3;
      const diff =
        Math.abs(data[o]! - background[0]!) +
        Math.abs(data[o + 1]! - background[1]!) +
        Math.abs(data[o + 2]! - background[2]!);
      if (diff > 150) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

describe('device rendering', () => {
  it('draws a PNG at the device resolution with ground-truth texts and targets', async () => {
    const d = new Driver(VirtualDevice.fromFile(join(devices, 'sign-in-otp.yaml')));
    d.tap('Email').type('ada@example.com');
    const frame = await d.device.render();
    const meta = await sharp(frame.png).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1080, 2400, 'png']);
    expect(frame.texts.map((t) => t.text)).toEqual(
      expect.arrayContaining(['Sign in', 'Welcome back', 'Email', 'ada@example.com', 'Password', '09:41', '82%']),
    );
    expect(frame.targets.map((t) => t.label)).toEqual(
      expect.arrayContaining(['Email', 'Password', 'Sign in', 'Back', 'Home', 'Recents']),
    );
  });

  it('puts each text box where the font actually drew the ink (within a few pixels)', async () => {
    const frame = await VirtualDevice.fromFile(join(devices, 'settings-wifi.yaml')).render();
    const { data, info } = await sharp(frame.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    for (const text of ['Settings', 'Wi-Fi', 'Network & internet']) {
      const truth = frame.texts.find((t) => t.text === text)!.box;
      const window = { x: truth.x - 12, y: truth.y - 12, width: truth.width + 24, height: truth.height + 24 };
      const background = [255, 255, 255];
      const ink = inkBox(data, info.width, window, background);
      expect(Math.abs(ink.x - truth.x), `${text} left`).toBeLessThanOrEqual(6);
      expect(Math.abs(ink.y - truth.y), `${text} top`).toBeLessThanOrEqual(3);
      expect(Math.abs(ink.x + ink.width - (truth.x + truth.width)), `${text} right`).toBeLessThanOrEqual(10); // boxes span the advance, ink stops at the side bearing
      expect(Math.abs(ink.y + ink.height - (truth.y + truth.height)), `${text} bottom`).toBeLessThanOrEqual(3);
    }
  });

  it('hides texts covered by a dialog card from the ground truth, and dims the screen behind', async () => {
    const d = new Driver(VirtualDevice.fromFile(join(devices, 'shop-checkout.yaml')));
    const before = await d.device.render();
    d.wait(4000);
    const during = await d.device.render();
    expect(during.texts.map((t) => t.text)).toContain('10% off today!');
    expect(during.texts.map((t) => t.text)).toContain('Your cart'); // dimmed but visible
    expect(during.targets.map((t) => t.label).sort()).toEqual(['No thanks', 'Subscribe']);
    const pixel = async (png: Buffer) =>
      (await sharp(png).extract({ left: 540, top: 2200, width: 1, height: 1 }).removeAlpha().raw().toBuffer())[0]!;
    expect(await pixel(during.png)).toBeLessThan((await pixel(before.png)) * 0.6);
  });
});

// The replay of a recorded app (src/sim/replay) on the fixture recorded from our own virtual phone:
// each input follows its recorded event, or changes nothing and says so.
import { beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ReplayDevice } from '../../../src/sim/replay/replay-device.js';
import { fixtureDir, fixtureTags, ReplayDriver } from './replay-driver.js';

let device: ReplayDevice;
let drive: ReplayDriver;

beforeEach(async () => {
  device = await ReplayDevice.open(fixtureDir);
  drive = new ReplayDriver(device);
});

describe('a replayed app', () => {
  it("starts on the recording's first state, shows its view tree's texts, and has nothing to say about a clean recording", () => {
    expect(device.width).toBe(1080);
    expect(device.height).toBe(2400);
    expect(drive.tag).toBe(fixtureTags.settings);
    expect(device.status().texts).toEqual(expect.arrayContaining(['Settings', 'Network & internet', 'Wi-Fi']));
    // The Switch's OFF is in the tree but not drawn.
    expect(device.status().texts).not.toContain('OFF');
    expect(device.notes).toEqual([]);
  });

  it('a tap inside a recorded touch follows it to its stop state; a tap where nothing was recorded changes nothing', () => {
    drive.tapAt(540, 2000);
    expect(drive.tag).toBe(fixtureTags.settings);
    expect(drive.lastEffect()).toMatch(/^nothing: no touch recorded/);
    drive.tap('Network & internet');
    expect(drive.tag).toBe(fixtureTags.networks);
    expect(device.log.at(-1)).toMatchObject({ event: '2026-01-01_100002', effect: expect.stringMatching(/^followed/) });
  });

  it('a swipe follows a recorded scroll of its direction (finger up = DroidBot DOWN), and no other direction', () => {
    drive.tap('Network & internet');
    const list = drive.centre('Office-2G');
    drive.swipe(list, { x: list.x, y: list.y + 500 });
    expect(drive.tag).toBe(fixtureTags.networks);
    expect(drive.lastEffect()).toMatch(/no scroll of that direction/);
    drive.swipe(list, { x: list.x, y: list.y - 500 });
    expect(drive.tag).toBe(fixtureTags.scrolled);
    expect(device.status().texts).toContain('HomeNet-5G');
  });

  it("Back (Esc) follows a recorded BACK, else returns to the previous state; the navigation bar's back button is Back too", () => {
    drive.tap('Network & internet');
    const list = drive.centre('Office-2G');
    drive.swipe(list, { x: list.x, y: list.y - 500 });
    drive.tap('Lab Bench');
    expect(drive.tag).toBe(fixtureTags.labBench);
    drive.key(41);
    expect(drive.tag).toBe(fixtureTags.scrolled);
    expect(device.log.at(-1)!.event).toBe('2026-01-01_100007');
    drive.tap('HomeNet-5G');
    expect(drive.tag).toBe(fixtureTags.homeNet);
    // No BACK was recorded on HomeNet-5G's screen: the previous state.
    drive.tapAt(180, 2400 - 72);
    expect(drive.tag).toBe(fixtureTags.scrolled);
    expect(drive.lastEffect()).toMatch(/no BACK recorded here: back to the previous state/);
    drive.key(41).key(41).key(41);
    expect(drive.tag).toBe(fixtureTags.settings);
    expect(drive.lastEffect()).toMatch(/no earlier state/);
  });

  it('Home (Meta+Esc) and a long press with nothing recorded change nothing and say so', () => {
    drive.key(41, 8);
    expect(drive.lastEffect()).toMatch(/Home leaves the app/);
    drive.tap('Network & internet', 900);
    expect(drive.tag).toBe(fixtureTags.settings);
    expect(drive.lastEffect()).toMatch(/no long_touch recorded/);
  });

  it('typing into a tapped editable view draws the text into it (a password as dots) and follows the set_text of that text', async () => {
    drive.tap('Network & internet');
    const list = drive.centre('Office-2G');
    drive.swipe(list, { x: list.x, y: list.y - 500 });
    drive.tap('HomeNet-5G');
    const before = (await device.render()).png;
    drive.type('x');
    expect(drive.lastEffect()).toMatch(/no editable view is focused/);
    drive.tap('Password');
    expect(drive.lastEffect()).toMatch(/^focused the field/);
    // The focus shows (a caret and an underline); nothing is typed yet.
    const focused = await device.render();
    expect(await differingPixels(before, focused.png)).toBeGreaterThan(100);
    expect(focused.texts.map((t) => t.text).join()).not.toContain('•');
    drive.type('correct horse');
    expect(device.log.at(-1)).toMatchObject({ event: '2026-01-01_100010' });
    const after = await device.render();
    expect(after.texts.map((t) => t.text)).toContain('•'.repeat(13));
    expect(await differingPixels(before, after.png)).toBeGreaterThan(500);
    drive.tap('Connect');
    expect(drive.tag).toBe(fixtureTags.connected);
  });

  it('typed text that no set_text recorded stays typed on the same screen; Backspace takes it back', async () => {
    drive.tap('Network & internet');
    const list = drive.centre('Office-2G');
    drive.swipe(list, { x: list.x, y: list.y - 500 });
    drive.tap('HomeNet-5G').tap('Password').type('wrong');
    expect(drive.tag).toBe(fixtureTags.homeNet);
    expect(drive.lastEffect()).toBe('the field holds "wrong" (no set_text of that text recorded)');
    drive.key(42);
    expect(device.status().typed).toBe('wron');
  });

  it('hands the camera the same picture object while nothing changed (it is not projected again)', async () => {
    const first = await device.render();
    drive.tapAt(540, 2000);
    const second = await device.render();
    expect(second.png).toBe(first.png);
    drive.tap('Network & internet');
    expect((await device.render()).png).not.toBe(first.png);
  });

  it('a frozen device ignores input until it thaws', () => {
    device.advance(drive.clock.now());
    device.faults.freeze(1000);
    drive.tap('Network & internet');
    expect(drive.tag).toBe(fixtureTags.settings);
    void drive.clock.advance(1000);
    drive.tap('Network & internet');
    expect(drive.tag).toBe(fixtureTags.networks);
  });
});

async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all([a, b].map((png) => sharp(png).greyscale().raw().toBuffer()));
  let count = 0;
  for (let i = 0; i < ra!.length; i++) if (Math.abs(ra![i]! - rb![i]!) > 40) count++;
  return count;
}

// Real recordings are imperfect (../shared/real-apps/README.md): the display smaller than the
// screenshots, swapped width/height fields, events ending in states never saved, one input with
// several outcomes. Each is made here from a copy of our own fixture; the replay must say so and
// never guess.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ReplayDevice } from '../../../src/sim/replay/replay-device.js';
import { fixtureDir, fixtureTags, ReplayDriver } from './replay-driver.js';

function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'replay-faults-'));
  cpSync(fixtureDir, dir, { recursive: true });
  return dir;
}

function editJson(file: string, edit: (json: any) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  edit(json);
  writeFileSync(file, JSON.stringify(json));
}

const firstTouch = '2026-01-01_100002';

describe('an imperfect recording', () => {
  it('screenshots taller than the display (black below) and swapped width/height fields: the display is shown, and both are said', async () => {
    const dir = copyFixture();
    for (const name of readdirSync(join(dir, 'states'))) {
      const file = join(dir, 'states', name);
      if (name.endsWith('.jpg')) {
        const padded = await sharp(file).extend({ bottom: 420, background: '#000000' }).jpeg().toBuffer();
        writeFileSync(file, padded);
      } else editJson(file, (state) => Object.assign(state, { width: 2820, height: 1080 }));
    }
    const device = await ReplayDevice.open(dir);
    expect([device.width, device.height]).toEqual([1080, 2400]);
    expect(device.notes.join('\n')).toMatch(
      /7 of 7 state files give width x height as 2820x1080, but their screenshots are 1080x2820 \(swapped\)/,
    );
    expect(device.notes.join('\n')).toMatch(
      /the screenshots are 1080x2820 but the display is 1080x2400: .* the rest of each picture is black/,
    );
    const frame = await device.render();
    expect(await sharp(frame.png).metadata()).toMatchObject({ width: 1080, height: 2400 });
  });

  it('windows that stop above the navigation bar, or only dialog windows: the display still reaches the bar, and the note says how it was found', async () => {
    for (const [root, said] of [
      [
        [
          [0, 0],
          [1080, 2256],
        ],
        /the app's windows end at y 2256, above the navigation bar drawn below them: the display includes the bar \(to y 2400\)/,
      ],
      [
        [
          [27, 600],
          [1053, 1500],
        ],
        /no recorded state has a full-screen window \(only dialogs\): the display's bottom is estimated from the navigation bar .* its ground\) as y 2400/,
      ],
    ] as const) {
      const dir = copyFixture();
      for (const name of readdirSync(join(dir, 'states'))) {
        const file = join(dir, 'states', name);
        if (name.endsWith('.jpg'))
          writeFileSync(file, await sharp(file).extend({ bottom: 420, background: '#000000' }).jpeg().toBuffer());
        else editJson(file, (state) => (state.views[0].bounds = root));
      }
      const device = await ReplayDevice.open(dir);
      expect(device.notes.join('\n')).toMatch(said);
      expect([device.width, device.height]).toEqual([1080, 2400]);
    }
  });

  it('an event ending in a state never saved: the replay stays on its screen and says so', async () => {
    const dir = copyFixture();
    editJson(
      join(dir, 'events', `event_${firstTouch}.json`),
      (event) => (event.stop_state = 'f00dfeedf00dfeedf00dfeedf00dfeed'),
    );
    const device = await ReplayDevice.open(dir);
    expect(device.notes.join('\n')).toMatch(/1 of 8 recorded inputs end in a state the recording never saved/);
    const drive = new ReplayDriver(device).tap('Network & internet');
    expect(drive.tag).toBe(fixtureTags.settings);
    expect(drive.lastEffect()).toBe(
      'stays: the recorded event ends in state f00dfeedf00dfeedf00dfeedf00dfeed, which the recording never saved',
    );
  });

  it('one input recorded with two outcomes: the first recorded is followed, unless the replay file names the other', async () => {
    const dir = copyFixture();
    const later = '2026-01-01_100099';
    const event = JSON.parse(readFileSync(join(dir, 'events', `event_${firstTouch}.json`), 'utf8'));
    const settingsAfter = JSON.parse(
      readFileSync(join(dir, 'states', `state_${fixtureTags.settingsAfter}.json`), 'utf8'),
    ).state_str;
    writeFileSync(
      join(dir, 'events', `event_${later}.json`),
      JSON.stringify({ ...event, tag: later, stop_state: settingsAfter }),
    );
    const plain = await ReplayDevice.open(dir);
    expect(plain.notes.join('\n')).toMatch(
      /1 recorded input\(s\) led to different states at different times: the first/,
    );
    expect(new ReplayDriver(plain).tap('Network & internet').tag).toBe(fixtureTags.networks);

    const file = join(dir, 'chosen.replay.yaml');
    writeFileSync(file, `replay: .\nfollow: [${later}]\n`);
    const chosen = await ReplayDevice.open(file);
    expect(new ReplayDriver(chosen).tap('Network & internet').tag).toBe(fixtureTags.settingsAfter);
  });

  it('a replay file that names an event not recorded, or a folder without states, is refused naming it', async () => {
    const dir = copyFixture();
    const file = join(dir, 'bad.replay.yaml');
    writeFileSync(file, 'replay: .\nfollow: [2026-01-01_999999]\n');
    await expect(ReplayDevice.open(file)).rejects.toThrow(/follow: names event\(s\) 2026-01-01_999999 that are not in/);
    writeFileSync(file, 'replay: ./events\n');
    await expect(ReplayDevice.open(file)).rejects.toThrow(/line 1, replay: .*holds no states\/state_\*\.json/);
    writeFileSync(file, 'replay: .\nstart: nope\n');
    await expect(ReplayDevice.open(file)).rejects.toThrow(/start: nope is not a saved state/);
    await expect(ReplayDevice.open(join(dir, 'events'))).rejects.toThrow(/no states\/state_\*\.json in it/);
  });
});

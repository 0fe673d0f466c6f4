// `benchhand sim --replay DIR` as its own process: a recorded app on the virtual bench, driven
// through the real firmware on the pty (a console session's TAP), photographed by the camera,
// and what it shows read back from GET /device.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpCamera } from '../../src/adapters/camera/http-camera.js';
import { getJson } from '../support/http.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

const fixture = 'test/fixtures/replay/settings-wifi';

describe('benchhand sim --replay', () => {
  let child: ChildProcess;
  let url: string;
  let stderr = '';

  beforeAll(async () => {
    child = spawnCli(['sim', '--replay', fixture]);
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  });
  afterAll(async () => {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  });

  it('says what it replays as it starts, and GET /device gives the state and its visible texts', async () => {
    await until(() => stderr.includes('Ctrl-C stops the bench'), 30000, 'the bench description on stderr');
    expect(stderr).toMatch(/replay {3}benchhand\.sim\.settings_wifi: 7 states, 8 events, starting on [0-9a-f]{32}/);
    const device = await getJson(`${url}/device`);
    expect(device).toMatchObject({ stateTag: '2026-01-01_100000', notes: [], log: [] });
    expect(device.texts).toEqual(expect.arrayContaining(['Settings', 'Network & internet']));
  });

  it('a tap through the firmware follows the recorded touch; the camera photographs the new screen', async () => {
    const { serial } = await getJson(`${url}/bench`);
    const camera = new HttpCamera(`${url}/camera/`);
    const before = await camera.capture();
    const target = (await getJson(`${url}/camera/truth`)).targets.find(
      (t: { label: string }) => t.label === 'Network & internet',
    );
    const x = Math.round(target.box.x + target.box.width / 2);
    const y = Math.round(target.box.y + target.box.height / 2);
    const session = await runCli(
      ['console', '--port', serial, '--quiet', '--state-dir', mkdtempSync(join(tmpdir(), 'bh-'))],
      `TAP ${x} ${y} 40\nquit\n`,
    );
    expect(session.stdout).toContain('done');
    // The bench reads the MCU's log as it goes: wait for the tap to reach the replay.
    let device = await getJson(`${url}/device`);
    for (const start = Date.now(); device.stateTag !== '2026-01-01_100001' && Date.now() - start < 30000;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      device = await getJson(`${url}/device`);
    }
    expect(device.stateTag, JSON.stringify(device.log)).toBe('2026-01-01_100001');
    expect(device.log.at(-1)).toMatchObject({ input: `tap ${x},${y}`, event: '2026-01-01_100002' });
    const after = await camera.capture({ newerThan: performance.now() });
    expect(Buffer.from(after.image).equals(Buffer.from(before.image))).toBe(false);
    expect((await getJson(`${url}/camera/truth`)).texts.map((t: { text: string }) => t.text)).toContain(
      'Choose a network',
    );
  });

  it('refuses a fault only a modelled phone can take, saying why', async () => {
    const response = await fetch(`${url}/faults`, {
      method: 'POST',
      body: JSON.stringify({ fault: 'pointer-location', on: true }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /needs a modelled device .* a recorded app only shows what was recorded/,
    );
  });

  it('refuses a device file and --replay together', async () => {
    const run = await runCli(['sim', 'settings-wifi', '--replay', fixture]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/give a device file or --replay, not both/);
  });
});

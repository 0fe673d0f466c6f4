// `benchhand sim` as its own process: prints its address, records frames with ground truth,
// and outlives an agent that connects to it and is killed.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpCamera } from '../../src/adapters/camera/http-camera.js';
import type { ChildProcess } from 'node:child_process';
import { getJson } from '../support/http.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

describe('benchhand sim', () => {
  let child: ChildProcess;
  let url: string;
  let stderr = '';
  const recordDir = join(mkdtempSync(join(tmpdir(), 'bh-record-')), 'frames');

  beforeAll(async () => {
    child = spawnCli(['sim', 'sign-in-otp', '--record', recordDir, '--seed', '3']);
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  });
  afterAll(async () => {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  });

  it('prints its address and the exact --bench argument for an agent', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await until(() => stderr.includes(`benchhand run TASK --bench ${url}`), 10000, 'the --bench hint on stderr');
    const description = await getJson(`${url}/bench`);
    expect(existsSync(description.serial)).toBe(true);
  });

  it('keeps the device state while an agent connects, acts and goes away', async () => {
    const { serial } = await getJson(`${url}/bench`);
    const camera = new HttpCamera(`${url}/camera/`);
    await camera.capture();
    const truth = await getJson(`${url}/camera/truth`);
    const email = truth.targets.find((t: { label: string }) => /mail/i.test(t.label));
    expect(email).toBeTruthy();
    const x = Math.round(email.box.x + email.box.width / 2);
    const y = Math.round(email.box.y + email.box.height / 2);
    const session = await runCli(
      ['console', '--port', serial, '--quiet', '--state-dir', mkdtempSync(join(tmpdir(), 'bh-'))],
      `TAP ${x} ${y} 40\nTYPE ada@example.com\nquit\n`,
    );
    expect(session.stdout).toContain('done (n=15)');
    const device = await getJson(`${url}/device`);
    expect(Object.values(device.vars)).toContain('ada@example.com');
  });

  it('records every served frame with its ground truth', async () => {
    await new HttpCamera(`${url}/camera/`).capture();
    const files = readdirSync(recordDir);
    const truths = files.filter((f) => f.endsWith('.truth.json'));
    expect(truths.length).toBeGreaterThanOrEqual(2);
    const truth = JSON.parse(readFileSync(join(recordDir, truths.at(-1)!), 'utf8'));
    expect(truth).toMatchObject({
      format: 1,
      device: 'sign-in-otp',
      deviceSize: { width: 1080, height: 2400 },
      cameraSize: { width: 1640, height: 1232 },
    });
    expect(truth.screenCorners).toHaveLength(4);
    expect(truth.texts.length).toBeGreaterThan(2);
    expect(files).toContain(truth.files.camera);
    expect(files).toContain(truth.files.screen);
  });

  it('explains a bad device name', async () => {
    const result = await runCli(['sim', 'no-such-phone']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/device file "no-such-phone" not found.*settings-wifi, sign-in-otp, shop-checkout/);
  });
});

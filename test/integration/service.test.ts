// `benchhand service` as systemd runs it: READY and watchdog pings only after a real health check,
// tasks dropped into its inbox run as their own processes, an unhealthy bench stops the pings, and
// SIGTERM ends it cleanly. systemd-notify is a recording stand-in on PATH.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/run-cli.js';
import { startSimMcu, type SimFixture } from '../support/sim-mcu-fixture.js';
import { until } from '../support/until.js';

const FRAME = 'test/fixtures/ocr-corpus/settings-wifi-default/00001';

describe('benchhand service', () => {
  let sim: SimFixture;
  let dir: string;
  let notified: string;
  beforeAll(async () => {
    sim = await startSimMcu();
    dir = mkdtempSync(join(tmpdir(), 'bh-service-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    notified = join(dir, 'notified.log');
    writeFileSync(join(bin, 'systemd-notify'), `#!/bin/sh\necho "$@" >> ${notified}\n`);
    chmodSync(join(bin, 'systemd-notify'), 0o755);
    const truth = JSON.parse(readFileSync(`${FRAME}.truth.json`, 'utf8'));
    writeFileSync(
      join(dir, 'config.yaml'),
      [
        'bench:',
        `  stateDir: ${join(dir, 'state')}`,
        'mcu:',
        `  port: ${sim.mcu.path}`,
        'camera:',
        `  source: replay:${join(process.cwd(), `${FRAME}.camera.jpg`)}`,
        `calibration: ${JSON.stringify({ version: 1, deviceSize: truth.deviceSize, cameraSize: truth.cameraSize, screenCorners: truth.screenCorners, actuator: { affine: [1, 0, 0, 0, 1, 0], source: 'identity' } })}`,
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('pings the watchdog when healthy, runs inbox tasks, withholds pings when unhealthy, stops on SIGTERM', async () => {
    const env = { PATH: `${join(dir, 'bin')}:${process.env.PATH}`, NOTIFY_SOCKET: join(dir, 'notify.sock') };
    const child = spawnCli(['service', '--config', join(dir, 'config.yaml'), '--ping-ms', '300'], env);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const log = () => (existsSync(notified) ? readFileSync(notified, 'utf8') : '');
    await until(() => /READY=1 WATCHDOG=1 STATUS=idle/.test(log()), 20000, 'READY and a first ping');
    writeFileSync(
      join(dir, 'state', 'inbox', 'check.task.yaml'),
      [
        'goal: Check that the settings screen is showing.',
        'steps:',
        '  - wait_for: Network & internet',
        '  - submit: { summary: The settings screen shows. }',
      ].join('\n'),
    );
    await until(
      () => readdirSync(join(dir, 'state', 'done')).some((f) => /exit0-check\.task\.yaml$/.test(f)),
      40000,
      'the task done with exit 0',
    );
    expect(log()).toMatch(/WATCHDOG=1 STATUS=running .*check\.task\.yaml/);
    await sim.mcu.stop('SIGKILL'); // the MCU goes away: the health check fails, the pings stop
    await until(() => /STATUS=unhealthy: .*MCU/.test(log()), 15000, 'an unhealthy status');
    const pingsBefore = (log().match(/WATCHDOG=1/g) ?? []).length;
    // Deliberate: proves no watchdog ping comes for 1.2 s (more than one ping interval) once unhealthy.
    await new Promise((r) => setTimeout(r, 1200));
    expect((log().match(/WATCHDOG=1/g) ?? []).length).toBe(pingsBefore);
    child.kill('SIGTERM');
    // Its own deadline, so a service that hangs on SIGTERM says so (a loaded run once ran out the
    // test's whole guard here, and which step was slow could not be told).
    const ended = await Promise.race([
      exited,
      new Promise<string>((r) => setTimeout(() => r('still running 30 s after SIGTERM'), 30000).unref()),
    ]);
    expect(ended, stderr).toBe(0);
    expect(log()).toMatch(/STOPPING=1/);
    expect(stderr).toMatch(/finished .*check\.task\.yaml with exit code 0/);
    await sim.restart();
    // The guard is the sum of the steps' own deadlines (20 + 40 + 15 + 1.2 + 30 s) and room to spare.
  }, 150000);
});

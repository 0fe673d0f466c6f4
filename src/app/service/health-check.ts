// What must be true before the service tells systemd it is alive. Idle: the MCU answers its
// heartbeat, the camera delivers a fresh frame, and the state directory takes an fsync'd write.
// While a task runs (the run owns the MCU and camera): the run process is alive and its result
// file moved recently.
import { open, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { CameraPort } from '../../core/ports/camera.js';
import type { McuPort } from '../../core/ports/mcu.js';
import { systemClock } from '../../adapters/clock/system-clock.js';
import { withTimeout } from '../../core/time/with-timeout.js';

export interface HealthReport {
  ok: boolean;
  problems: string[];
}

export async function idleHealth(
  mcu: McuPort,
  camera: CameraPort,
  stateDir: string,
  timeoutMs = 5000,
): Promise<HealthReport> {
  const problems: string[] = [];
  await withTimeout(mcu.status(), timeoutMs, 'the MCU status', systemClock).then(
    (s) => {
      if (s.state !== 'ready') problems.push(`the MCU is ${s.state}`);
    },
    (e: Error) => problems.push(`the MCU does not answer: ${e.message}`),
  );
  await withTimeout(
    camera.capture({ newerThan: performance.now(), timeoutMs }),
    timeoutMs + 500,
    'the camera',
    systemClock,
  ).catch((e: Error) => problems.push(`no camera frame: ${e.message}`));
  await writable(stateDir).catch((e: Error) =>
    problems.push(`the state directory ${stateDir} does not take a write: ${e.message}`),
  );
  return { ok: problems.length === 0, problems };
}

export async function runningHealth(runAlive: boolean, resultFile: string, maxQuietMs: number): Promise<HealthReport> {
  if (!runAlive) return { ok: false, problems: ['the run process is gone'] };
  const quietMs = await stat(resultFile).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  );
  return quietMs > maxQuietMs
    ? { ok: false, problems: [`the run has not saved its state for ${Math.round(quietMs / 1000)} s`] }
    : { ok: true, problems: [] };
}

async function writable(dir: string): Promise<void> {
  const probe = join(dir, `.health-${process.pid}`);
  const handle = await open(probe, 'w');
  try {
    await handle.writeFile('ok');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await unlink(probe);
}

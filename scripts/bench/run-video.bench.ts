// The run video's cost at the end of a run (src/app/video/run-video.ts): the pictures a run looked
// at on the virtual bench (the Wi-Fi device, a tap between some of them, as a run would see it) are
// kept as the observer keeps them, then finish() draws each one upright with its caption and has
// ffmpeg encode them. Reported: drawing per picture (this process's CPU), the whole finish (wall,
// ffmpeg's CPU apart, read from /proc as the children's time), and the video's bytes per picture.
// The run does this once, after its loop: it delays the exit, never a step.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawPicture, runVideo } from '../../src/app/video/run-video.js';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { parseDeviceFile } from '../../src/sim/device/load.js';
import { percentile, round } from './stats.js';

export async function benchRunVideo(pictures = 30): Promise<Record<string, unknown>> {
  const device = new VirtualDevice(parseDeviceFile(await readFile(resolveDeviceFile('settings-wifi'), 'utf8')));
  const camera = new VirtualCamera({ source: () => device.render(), seed: 5 });
  const stateDir = await mkdtemp(join(tmpdir(), 'bh-bench-video-'));
  try {
    const first = await camera.captureWithTruth();
    const calibration = {
      deviceSize: { width: device.width, height: device.height },
      screenCorners: first.screenCorners,
    };
    const video = runVideo(stateDir, calibration);
    const frames = [first.frame];
    let clock = 1000;
    for (let i = 1; i < pictures; i++) {
      // Every fifth picture follows a tap on the first target: the screen changes as in a run.
      if (i % 5 === 0) tapFirstTarget(device, (clock += 100));
      frames.push((await camera.captureWithTruth()).frame);
    }
    frames.forEach((frame, index) => video.keep({ at: index * 1500, frame } as never));

    const drawCpu: number[] = [];
    for (const frame of frames.slice(0, Math.min(10, frames.length))) {
      const started = process.cpuUsage();
      await drawPicture(frame.image, calibration, { marks: [], caption: 'step 1 tap_text -> ok', verdict: 'done' });
      const used = process.cpuUsage(started);
      drawCpu.push((used.user + used.system) / 1000);
    }

    const childrenBefore = childrenCpuMs();
    const cpuBefore = process.cpuUsage();
    const wallStarted = performance.now();
    const made = await video.finish();
    const wallMs = performance.now() - wallStarted;
    const own = process.cpuUsage(cpuBefore);
    if ('problem' in made) throw new Error(made.problem);
    const bytes = (await stat(made.path)).size;
    return {
      pictures,
      'draw one picture (upright, caption), CPU ms: median | p90': `${round(percentile(drawCpu, 50), 1)} | ${round(percentile(drawCpu, 90), 1)}`,
      'finish (draw all + encode), wall ms': round(wallMs, 0),
      'finish, CPU ms: this process | ffmpeg': `${round((own.user + own.system) / 1000, 0)} | ${round(childrenCpuMs() - childrenBefore, 0)}`,
      'finish per picture, wall ms': round(wallMs / pictures, 1),
      'video bytes per picture': Math.round(bytes / pictures),
    };
  } finally {
    await rm(stateDir, { recursive: true, force: true });
  }
}

function tapFirstTarget(device: VirtualDevice, at: number): void {
  const box = device.groundTruth().targets[0]?.box;
  if (!box) return;
  const x = Math.round(box.x + box.width / 2),
    y = Math.round(box.y + box.height / 2);
  device.tapDown(x, y, at);
  device.tapUp(x, y, at + 80);
}

/** CPU ms of this process's finished children (ffmpeg), from /proc (Linux, 100 ticks a second); 0 elsewhere. */
function childrenCpuMs(): number {
  try {
    // Fields after the command's closing parenthesis: cutime and cstime are the 14th and 15th.
    const text = readFileSync('/proc/self/stat', 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
}

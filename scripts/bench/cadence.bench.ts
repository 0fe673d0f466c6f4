// How soon the agent sees a change on the device: the frame cadence. A virtual bench (device on
// its own clock, the camera model) is watched the way wait_for and verification watch it (observe,
// then observe a newer frame, with the observer the bench builds by default); at a random moment
// the device shows a 2-second toast. Reported: the time from the toast appearing to the first
// observation whose screen model has its text, how many toasts were seen at all, the loop's
// frames per second, and the virtual camera's own render time apart (on the rig the camera
// module does that work, at its own frame rate).
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { cameraScreenReader, startOcr } from '../../src/adapters/observer-camera/index.js';
import { cameraAndReader, observerPipeline } from '../../src/app/bench/observer-pipeline.js';
import type { CameraPort } from '../../src/core/ports/camera.js';
import { findElements } from '../../src/core/vision/match-elements.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { percentile, round } from './stats.js';

const TOAST = 'Parcel delivered to locker 12';
const TOAST_MS = 2000;

export async function benchCadence(trials = 8): Promise<Record<string, unknown>> {
  const bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
  const pool = await startOcr({ workers: 1 });
  const renders: number[] = [];
  const camera: CameraPort = {
    describe: () => bench.camera.describe(),
    close: async () => undefined,
    capture: async (options) => {
      const started = performance.now();
      const frame = await bench.camera.capture(options);
      renders.push(performance.now() - started);
      return frame;
    },
  };
  const latencies: number[] = [];
  const frameGaps: number[] = [];
  let seen = 0;
  try {
    const first = await bench.camera.captureWithTruth();
    const calibration = {
      deviceSize: { width: bench.device.width, height: bench.device.height },
      screenCorners: first.screenCorners,
    };
    const observer = observerPipeline(cameraAndReader(camera, cameraScreenReader(pool, calibration)));
    let last = await observer.observe();
    for (let trial = 0; trial < trials; trial++) {
      // The toast comes at an unknown moment, as on a phone: 0.3 to 1.3 s into the watch.
      const delay = 300 + ((trial * 389) % 1000);
      const watchEnds = performance.now() + delay + TOAST_MS + 1000;
      bench.device.faults.changeScreenAt(bench.now() + delay, [{ toast: { text: TOAST, ms: TOAST_MS } }]);
      // When the device really shows it (its clock ticks on timers, later than asked on a busy machine).
      let appearsAt = Infinity;
      const watch = setInterval(() => {
        if (bench.device.groundTruth().marks.some((m) => m.kind === 'toast')) {
          appearsAt = performance.now();
          clearInterval(watch);
        }
      }, 5);
      let found = false;
      while (performance.now() < Math.max(watchEnds, appearsAt + TOAST_MS + 500)) {
        const before = performance.now();
        last = await observer.observe({ newerThan: last.at });
        frameGaps.push(performance.now() - before);
        if (!found && findElements(last.screen, { text: TOAST, in: 'anywhere' }).matches.length > 0) {
          found = true;
          latencies.push(performance.now() - appearsAt);
        }
      }
      clearInterval(watch);
      if (found) seen++;
    }
  } finally {
    await pool.close();
    await bench.stop();
  }
  return {
    'toasts of 2 s seen': `${seen} of ${trials}`,
    'change on the device -> seen by the agent, median ms': round(percentile(latencies, 50), 0),
    'change on the device -> seen by the agent, p90 ms': round(percentile(latencies, 90), 0),
    'change on the device -> seen by the agent, max ms': round(Math.max(...latencies), 0),
    'observe loop: frames per second (median gap ms)': `${round(1000 / percentile(frameGaps, 50), 1)} (${round(percentile(frameGaps, 50), 0)})`,
    "of each frame, the virtual camera's render, median ms (not the agent's)": round(percentile(renders, 50), 0),
    'load average (1 min) when measured': round((await import('node:os')).loadavg()[0]!, 1),
  };
}

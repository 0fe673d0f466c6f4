// The camera-settings sweep of `benchhand calibrate` (`npm run bench "camera settings"`), on the
// virtual camera of the example phones, started badly (-2 EV, its lens at 5 dioptres where the
// phone is sharp at 11.1) and started well (its own exposure, in focus): the pictures and seconds
// the sweep takes, the chooser's score and the word recall of a whole read (the bench's OCR
// engine) with the camera as it was and at the settings chosen.
import { readFileSync } from 'node:fs';
import { cameraScreenReader, startOcr } from '../../src/adapters/observer-camera/index.js';
import { scoreAtSettings, sweepCameraSettings } from '../../src/app/vision/choose-camera-settings.js';
import type { ScreenCalibration } from '../../src/core/vision/calibration.js';
import { describeCameraSettings, type SweepBudget } from '../../src/core/vision/camera-settings.js';
import { truthLines, wordRecall } from '../../src/core/vision/ocr-metrics.js';
import type { CameraOptionsInput } from '../../src/sim/camera/camera-options.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { parseDeviceFile } from '../../src/sim/device/load.js';

const DEVICES = ['shop-checkout', 'settings-wifi', 'sign-in-otp'];
const STARTS: { name: string; options: CameraOptionsInput }[] = [
  { name: 'badly exposed and focused', options: { exposure: 0.53, lensDioptres: 5 } },
  { name: 'well exposed and focused', options: {} },
];

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

export async function benchCameraSettings(screens = DEVICES.length): Promise<Record<string, unknown>> {
  const ocr = await startOcr({ workers: 1 });
  const out: Record<string, unknown> = { 'OCR engine': ocr.description };
  // The smoke size looks at a few pictures only: it proves the benchmark runs, never measures.
  const budget: SweepBudget | undefined = screens <= 1 ? { maxPictures: 4, maxMs: 60_000 } : undefined;
  try {
    for (const start of STARTS) {
      for (const name of DEVICES.slice(0, screens)) {
        const device = new VirtualDevice(parseDeviceFile(readFileSync(`src/sim/devices/${name}.yaml`, 'utf8')));
        const camera = new VirtualCamera({ source: () => device.render(), seed: 5, options: start.options });
        const first = await camera.captureWithTruth();
        const calibration: ScreenCalibration = {
          deviceSize: { width: device.width, height: device.height },
          screenCorners: first.screenCorners,
        };
        const truth = truthLines(device.groundTruth().texts);
        const recall = async () =>
          wordRecall(
            truth,
            truthLines(
              (await cameraScreenReader(ocr, calibration, { everyFrame: true }).read((await camera.capture()).image))
                .model.lines,
            ),
          );
        const before = await recall();
        const startedCpu = process.cpuUsage();
        const sweep = await sweepCameraSettings(camera, calibration, budget ? { budget } : {});
        const cpu = process.cpuUsage(startedCpu);
        if (!sweep.ran) throw new Error(sweep.reason);
        const after = await recall();
        const again = await scoreAtSettings(camera, calibration, sweep.chosen.settings, 1);
        out[`${start.name}, ${name}: chosen`] = describeCameraSettings(sweep.chosen.settings);
        out[`${start.name}, ${name}: pictures, wall s, CPU s`] =
          `${sweep.chosen.trials + 1}, ${(sweep.chosen.elapsedMs / 1000).toFixed(1)}, ${((cpu.user + cpu.system) / 1e6).toFixed(1)}`;
        out[`${start.name}, ${name}: score as it was -> chosen (again)`] =
          `${sweep.before.score.toFixed(1)} -> ${sweep.chosen.score.score.toFixed(1)} (${again?.score.toFixed(1)})`;
        out[`${start.name}, ${name}: word recall as it was -> chosen`] = `${pct(before)} -> ${pct(after)}`;
      }
    }
  } finally {
    await ocr.close();
  }
  return out;
}

// Measures the content fingerprint's noise floor on the virtual camera: consecutive frames of an
// unchanged screen (a fresh noise seed each frame, JPEG q85, the device clock moving a minute
// between frames so the status-bar clock changes), the largest and 99.9th-percentile cell
// differences, and how long a fingerprint takes. Run: node --import tsx scripts/vision/measure-noise-floor.ts
import { join } from 'node:path';
import { fingerprintCameraFrame } from '../../src/adapters/observer-camera/fingerprint-frame.js';
import type { ContentFingerprint } from '../../src/core/vision/content-fingerprint.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';

const devices = join(import.meta.dirname, '../../src/sim/devices');
const FRAMES = Number(process.argv[2] ?? 20);
const deltas: number[] = [];
/** The same for the detail layer (4 dp cells), judged against DETAIL_NOISE_FLOOR. */
const detailDeltas: number[] = [];
const ms: number[] = [];
for (const name of ['settings-wifi', 'shop-checkout', 'sign-in-otp']) {
  const device = VirtualDevice.fromFile(join(devices, `${name}.yaml`));
  const camera = new VirtualCamera({ source: () => device.render(), seed: 11 });
  let previous: ContentFingerprint | undefined;
  let worst = 0;
  for (let i = 0; i < FRAMES; i++) {
    // A touch on the status bar (nothing there to hit) keeps the idle lock away while the clock moves.
    const t = device.now + 60_000;
    device.tapDown(5, 5, t);
    device.tapUp(5, 5, t + 1);
    const capture = await camera.captureWithTruth();
    const started = performance.now();
    const { print } = await fingerprintCameraFrame(capture.frame.image, {
      deviceSize: { width: device.width, height: device.height },
      screenCorners: capture.screenCorners,
    });
    ms.push(performance.now() - started);
    if (previous?.detail && print.detail)
      for (let c = 0; c < print.detail.cells.length; c++)
        detailDeltas.push(Math.abs(print.detail.cells[c]! - previous.detail.cells[c]!));
    if (previous)
      for (let c = 0; c < print.cells.length; c++) {
        const d = Math.abs(print.cells[c]! - previous.cells[c]!);
        deltas.push(d);
        worst = Math.max(worst, d);
      }
    previous = print;
  }
  process.stdout.write(`${name}: largest cell difference over ${FRAMES} frames: ${worst}\n`);
}
deltas.sort((a, b) => a - b);
detailDeltas.sort((a, b) => a - b);
ms.sort((a, b) => a - b);
const at = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))]!;
process.stdout.write(
  `all: max ${deltas.at(-1)}, p99.9 ${at(deltas, 0.999)}, p99 ${at(deltas, 0.99)}; fingerprint ms median ${at(ms, 0.5).toFixed(1)}, max ${ms.at(-1)!.toFixed(1)}\n`,
);
process.stdout.write(
  `detail (4 dp cells): max ${detailDeltas.at(-1)}, p99.9 ${at(detailDeltas, 0.999)}, p99 ${at(detailDeltas, 0.99)}\n`,
);

// Where an observe's time goes on the virtual camera: each stage timed alone (CPU ms of this
// process, tesseract's worker threads included), for a full read of the layout probe.
//   node --import tsx scripts/vision/profile-observe.ts [fast|best]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TesseractPool } from '../../src/adapters/observer-camera/tesseract-pool.js';
import { encodeForOcr } from '../../src/adapters/observer-camera/decode.js';
import { fingerprintCameraFrame } from '../../src/adapters/observer-camera/fingerprint-frame.js';
import { prepareCameraFrame } from '../../src/adapters/observer-camera/preprocess.js';
import { recognizeBothPolarities } from '../../src/adapters/observer-camera/both-polarities.js';
import { rereadDoubtful } from '../../src/adapters/observer-camera/line-reread.js';
import { detectLayout } from '../../src/core/vision/detect-layout.js';
import { frameStats } from '../../src/core/vision/frame-stats.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { parseDeviceFile } from '../../src/sim/device/load.js';

const probe = join(import.meta.dirname, '../../test/fixtures/vision/layout-probe.yaml');
const device = new VirtualDevice(parseDeviceFile(readFileSync(probe, 'utf8')));
const cam = new VirtualCamera({ source: () => device.render(), seed: 9 });
const pool = await TesseractPool.start(1, { model: (process.argv[2] ?? 'auto') as 'auto' | 'fast' | 'best_int' });
process.stdout.write(`model ${pool.model.model} (${pool.model.dir})\n`);
const times: Record<string, number[]> = {};
const timed = async <T>(name: string, f: () => Promise<T> | T): Promise<T> => {
  const c = process.cpuUsage();
  const r = await f();
  const u = process.cpuUsage(c);
  (times[name] ??= []).push((u.user + u.system) / 1000);
  return r;
};
for (let i = 0; i < 5; i++) {
  const capture = await cam.captureWithTruth();
  const calibration = {
    deviceSize: { width: device.width, height: device.height },
    screenCorners: capture.screenCorners,
  };
  const { camera } = await timed('fingerprint (decode + half warp)', () =>
    fingerprintCameraFrame(capture.frame.image, calibration),
  );
  const prepared = await timed('prepare (warp + flat-field)', () =>
    prepareCameraFrame(capture.frame.image, calibration, {}, camera),
  );
  if (i === 0) process.stdout.write(`OCR image ${prepared.image.width}x${prepared.image.height}\n`);
  const png = await timed('encode for OCR (PGM)', async () => encodeForOcr(prepared.image));
  const page = await timed('page OCR alone', () => pool.recognize(png));
  const both = await timed('page OCR + button patches', () =>
    recognizeBothPolarities(pool, prepared.image, prepared.rectified),
  );
  await timed('line re-reads', () => rereadDoubtful(pool, prepared.image, both, 0.8));
  await timed('detectLayout', () => detectLayout(prepared.rectified, calibration.deviceSize));
  await timed('frameStats', () => frameStats(prepared.rectified));
  if (i === 0)
    process.stdout.write(
      `page lines ${page.length}, both ${both.length}, doubtful ${both.filter((l) => l.confidence < 80).length}\n`,
    );
}
await pool.close();
for (const [name, list] of Object.entries(times)) {
  const sorted = list.slice(1).sort((a, b) => a - b);
  process.stdout.write(`${name.padEnd(36)} ${sorted[sorted.length >> 1]!.toFixed(1)} ms CPU\n`);
}

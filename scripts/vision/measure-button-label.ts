// How often a light label on a filled button is read whole: the blue-button device photographed
// by the virtual camera N times (fresh noise each frame), each frame read from scratch by the
// screen reader, with and without the re-read of doubtful lines.
// Run: node --import tsx scripts/vision/measure-button-label.ts [frames]
import { join } from 'node:path';
import { TesseractPool } from '../../src/adapters/observer-camera/tesseract-pool.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';

const frames = Number(process.argv[2] ?? 10);
const labels = ['Generate daily report', 'Generate weekly summary'];
const device = VirtualDevice.fromFile(join(import.meta.dirname, '../../test/fixtures/vision/blue-button.yaml'));
const pool = await TesseractPool.start(1);
for (const seed of [21, 22]) {
  const camera = new VirtualCamera({ source: () => device.render(), seed });
  const captures = [];
  for (let i = 0; i < frames; i++) captures.push(await camera.captureWithTruth());
  for (const reread of [false, true]) {
    const whole = labels.map(() => 0);
    const seen: string[] = [];
    let ms = 0;
    for (const capture of captures) {
      const reader = new ScreenReader(
        pool,
        {
          kind: 'camera',
          calibration: {
            deviceSize: { width: device.width, height: device.height },
            screenCorners: capture.screenCorners,
          },
        },
        { rereadBelow: reread ? undefined : -1 },
      );
      const started = performance.now();
      const reading = await reader.read(capture.frame.image);
      ms += performance.now() - started;
      labels.forEach((label, i) => {
        if (reading.model.lines.some((l) => l.text === label)) whole[i]!++;
      });
      seen.push(
        ...reading.model.lines
          .filter((l) => /rate|port|ummar|Gen/.test(l.text) && !labels.includes(l.text))
          .map((l) => l.text),
      );
    }
    process.stdout.write(
      `seed ${seed}, re-read ${reread ? 'on ' : 'off'}: ${labels.map((l, i) => `"${l}" whole ${whole[i]}/${frames}`).join(', ')}; ${Math.round(ms / frames)} ms/frame; misreads: ${JSON.stringify(seen.slice(0, 6))}\n`,
    );
  }
}
await pool.close();

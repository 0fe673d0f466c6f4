// Regenerates the README's pictures: each example device as the virtual camera sees it.
// Run: node --import tsx scripts/sim/pictures.ts
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';

const out = 'src/sim/devices/pictures';
mkdirSync(out, { recursive: true });
const examples: [string, object][] = [
  ['settings-wifi', {}],
  [
    'sign-in-otp',
    { rotationDeg: 88, tilt: { x: 0.08, y: 0.02 }, glare: { x: 0.4, y: 0.6, radius: 0.12, strength: 60 } },
  ],
  ['shop-checkout', { rotationDeg: 93, blurSigma: 1.2, exposure: 0.8 }],
];
for (const [name, options] of examples) {
  const device = VirtualDevice.fromFile(`src/sim/devices/${name}.yaml`);
  device.advance(3000);
  const camera = new VirtualCamera({ source: () => device.render(), seed: 11, options });
  const frame = await camera.capture();
  await sharp(frame.image).resize(820).jpeg({ quality: 78 }).toFile(`${out}/${name}.jpg`);
  process.stdout.write(`wrote ${out}/${name}.jpg\n`);
}

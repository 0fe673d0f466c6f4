// Measures the doctor's glare check (src/app/vision/glare-check.ts, src/core/vision/glare-spot.ts)
// on the real screens of ../shared/real-apps photographed by the virtual camera two stops shorter
// than its own exposure, as the doctor takes its frame: how many clean frames it calls glare (false
// spots), how many with the glare fault it finds, and what it says of the other faults that
// brighten or band the screen (over-exposure, low light's noise, PWM bands).
// Run: node --import tsx scripts/vision/measure-glare-spot.ts [EVERY]
import { glareSpotIn } from '../../src/app/vision/glare-check.js';
import { withCameraFault, type CameraFault, type FaultStrength } from '../../src/sim/camera/camera-faults.js';
import { resolveCameraOptions } from '../../src/sim/camera/camera-options.js';
import { photograph } from '../../src/sim/camera/photograph.js';
import { loadRealScreens, OTHER_SCRIPT } from '../bench/real-screens-truth.js';

const every = Number(process.argv[2] ?? 1);
/** A quarter of the light (two stops), in the model's gamma-encoded exposure (settings-effect.ts). */
const SHORT = Math.pow(0.25, 1 / 2.2);
const screens = await loadRealScreens();
if (!screens) {
  process.stdout.write('skipped: ../shared/real-apps is absent (the recorded real apps this measures on)\n');
  process.exit(0);
}
const latin = screens.filter((s) => !s.texts.some((t) => OTHER_SCRIPT.test(t.text))).filter((_, i) => i % every === 0);
const cases: [string, CameraFault | undefined, FaultStrength][] = [
  ['clean', undefined, 'mild'],
  ['glare mild', 'glare', 'mild'],
  ['glare severe', 'glare', 'severe'],
  ['over-exposure mild', 'over-exposure', 'mild'],
  ['over-exposure severe', 'over-exposure', 'severe'],
  ['low light severe', 'low-light', 'severe'],
  ['pwm mild', 'pwm-banding', 'mild'],
  ['pwm severe', 'pwm-banding', 'severe'],
];
for (const [label, fault, strength] of cases) {
  const options = resolveCameraOptions(fault ? withCameraFault(fault, strength) : {});
  const where: string[] = [];
  for (const [index, screen] of latin.entries()) {
    const picture = { png: screen.png, width: screen.width, height: screen.height };
    const photo = await photograph(picture, options, 7 + index, { exposureFactor: SHORT });
    const calibration = {
      deviceSize: { width: screen.width, height: screen.height },
      screenCorners: photo.screenCorners,
    };
    const spot = await glareSpotIn(photo.jpeg, calibration);
    if (spot)
      where.push(`${screen.app}/${screen.tag} at ${spot.x},${spot.y} ${spot.width}x${spot.height} x${spot.overWhite}`);
  }
  process.stdout.write(`${label.padEnd(22)} spot on ${where.length} of ${latin.length}\n`);
  if (label !== 'glare mild' && label !== 'glare severe') for (const line of where) process.stdout.write(`  ${line}\n`);
}

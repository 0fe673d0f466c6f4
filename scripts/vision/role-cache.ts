// Iterating on the screen model's roles without reading again: `write` reads the real-apps screens
// (every BENCHHAND_REAL_EVERY-th, Latin) as screenshots and through the virtual camera once and
// keeps each read's lines and rectified picture in a folder outside the repository; `score`
// builds the layout and the model again from those and prints the role figures
// (real-screens-roles.ts), with BENCHHAND_REAL_ROLE_MISSES=1 each miss. For measurement only.
//   node --import tsx scripts/vision/role-cache.ts write|score [folder]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ocrEngineChoice, OCR_ENGINE_VARIABLE, startOcr } from '../../src/adapters/observer-camera/index.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { detectLayout } from '../../src/core/vision/detect-layout.js';
import { withLineShapes } from '../../src/core/vision/line-shapes.js';
import { screenModel, type OcrLine } from '../../src/core/vision/screen-model.js';
import type { GrayImage } from '../../src/core/vision/gray-image.js';
import { photograph } from '../../src/sim/camera/photograph.js';
import { resolveCameraOptions } from '../../src/sim/camera/camera-options.js';
import { loadRealScreens, OTHER_SCRIPT, REAL_APPS } from '../bench/real-screens-truth.js';
import { roleFigures } from '../bench/real-screens-roles.js';

const [command = 'score', folder = '/tmp/roles-cache'] = process.argv.slice(2);
const KINDS = ['screenshot', 'camera'] as const;

interface Kept {
  lines: OcrLine[];
  rectified: { width: number; height: number };
  upright?: { inverted: boolean };
}

const all = await loadRealScreens();
if (!all) throw new Error(`${REAL_APPS} is absent`);
const every = Number(process.env.BENCHHAND_REAL_EVERY ?? 1) || 1;
const screens = all
  .filter((_, index) => index % every === 0)
  .filter((screen) => !screen.texts.some((text) => OTHER_SCRIPT.test(text.text)));

if (command === 'write') {
  mkdirSync(folder, { recursive: true });
  const engine = await startOcr({ workers: 1, engine: ocrEngineChoice(process.env[OCR_ENGINE_VARIABLE]) });
  try {
    for (const kind of KINDS)
      for (const [index, screen] of screens.entries()) {
        const name = join(folder, `${kind}-${index}`);
        if (existsSync(`${name}.json`)) continue;
        let image: Uint8Array = screen.png;
        let reader = new ScreenReader(engine, { kind: 'screenshot' });
        if (kind === 'camera') {
          const photo = await photograph(
            { png: screen.png, width: screen.width, height: screen.height },
            resolveCameraOptions({}),
            1000 + index,
          );
          image = photo.jpeg;
          const deviceSize = { width: screen.width, height: screen.height };
          reader = new ScreenReader(engine, {
            kind: 'camera',
            calibration: { deviceSize, screenCorners: photo.screenCorners },
          });
        }
        await reader.read(image);
        const last = (reader as unknown as { last: { prepared: Prepared; lines: OcrLine[] } }).last;
        const { rectified, upright, inverted } = last.prepared;
        writeFileSync(`${name}.rectified`, rectified.data);
        if (upright) writeFileSync(`${name}.upright`, upright.data);
        const kept: Kept = {
          lines: last.lines,
          rectified: { width: rectified.width, height: rectified.height },
          ...(upright ? { upright: { inverted } } : {}),
        };
        writeFileSync(`${name}.json`, JSON.stringify(kept));
        process.stderr.write(`${name}\n`);
      }
  } finally {
    await engine.close();
  }
} else {
  const only = process.env.ROLE_CACHE_KIND;
  for (const kind of KINDS) {
    if (only && only !== kind) continue;
    const models = screens.map((screen, index) => {
      const name = join(folder, `${kind}-${index}`);
      const kept = JSON.parse(readFileSync(`${name}.json`, 'utf8')) as Kept;
      const rectified: GrayImage = { ...kept.rectified, data: new Uint8Array(readFileSync(`${name}.rectified`)) };
      const upright = kept.upright && {
        image: { ...kept.rectified, data: new Uint8Array(readFileSync(`${name}.upright`)) },
        inverted: kept.upright.inverted,
      };
      const deviceSize = { width: screen.width, height: screen.height };
      const layout = withLineShapes(
        detectLayout(rectified, deviceSize, upright),
        rectified,
        deviceSize,
        kept.lines,
        upright,
      );
      return screenModel(deviceSize, kept.lines, layout);
    });
    for (const [label, value] of Object.entries(roleFigures(screens, models, kind))) console.log(`${label}: ${value}`);
  }
}

interface Prepared {
  rectified: GrayImage;
  upright?: GrayImage;
  inverted: boolean;
}

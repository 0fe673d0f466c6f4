// Records the OCR corpus (test/fixtures/ocr-corpus/): the three example devices driven through
// their screens by taps and keys only, photographed by the virtual camera under a few settings,
// each frame written by the bench's FrameRecorder with its ground truth.
//   node --import tsx scripts/vision/make-corpus.ts [OUT_DIR]
// With --wide, the widened corpus (test/fixtures/ocr-corpus-wide/): frames the bench does not draw
// by default — Roboto (fonts-roboto) instead of DejaVu, dark themes, 720 and 1440 px wide devices,
// with the devices' dialogs over a scrim and small grey text — taken with the default camera only.
import { rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { join } from 'node:path';
import { FrameRecorder } from '../../src/sim/bench/frame-recorder.js';
import type { CameraOptionsInput } from '../../src/sim/camera/camera-options.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { loadDeviceFile } from '../../src/sim/device/load.js';
import type { DeviceFile } from '../../src/sim/device/schema.js';
import type { DeviceFrame } from '../../src/sim/device/render.js';
import { Driver } from '../../test/unit/sim/drive.js';
import { visibleTextRuns } from '../../test/support/visible-texts.js';

const root = join(import.meta.dirname, '../..');
const wide = process.argv.includes('--wide');
const out =
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ??
  join(root, wide ? 'test/fixtures/ocr-corpus-wide' : 'test/fixtures/ocr-corpus');

/** The widened corpus: each variant changes the device file, and names the devices it is taken on. */
interface Variant {
  name: string;
  devices: string[];
  change: (file: DeviceFile) => DeviceFile;
}
const scaled =
  (width: number) =>
  (file: DeviceFile): DeviceFile => ({
    ...file,
    font: 'roboto',
    resolution: { width, height: Math.round((width * file.resolution.height) / file.resolution.width) },
  });
const VARIANTS: Variant[] = [
  {
    name: 'roboto',
    devices: ['settings-wifi', 'sign-in-otp', 'shop-checkout'],
    change: (file) => ({ ...file, font: 'roboto' }),
  },
  {
    name: 'roboto-dark',
    devices: ['settings-wifi', 'shop-checkout'],
    change: (file) => ({ ...file, font: 'roboto', theme: 'dark' }),
  },
  { name: 'w720', devices: ['settings-wifi', 'shop-checkout'], change: scaled(720) },
  { name: 'w1440', devices: ['sign-in-otp', 'shop-checkout'], change: scaled(1440) },
];

/** Camera settings; every state is taken with `default`, a few with the others. */
const SETTINGS: Record<string, CameraOptionsInput> = {
  default: {},
  blurrier: { blurSigma: 1.6 },
  darker: { exposure: 0.55 },
  tilted: { rotationDeg: 86, tilt: { x: 0.12, y: 0.08 }, offset: { x: -0.02, y: 0.02 } },
};

type Step = (d: Driver) => void;
/** Each state: the input that leads to it from the previous state, and the extra settings it is taken with. */
interface State {
  name: string;
  go: Step;
  extra: string[];
  faults?: ('dark' | 'blurred')[];
}

const PLANS: Record<string, State[]> = {
  'settings-wifi': [
    { name: 'settings', go: () => {}, extra: ['blurrier', 'tilted'], faults: ['dark'] },
    { name: 'networks', go: (d) => d.tap('Wi-Fi').wait(900), extra: ['darker'] },
    { name: 'networks-more', go: (d) => d.tap('More'), extra: [] },
    { name: 'password', go: (d) => d.tap('HomeNet-5G').tap('Password').type('wrong'), extra: ['tilted'] },
    { name: 'wrong-password', go: (d) => d.tap('Connect').wait(1600), extra: [], faults: ['blurred'] },
    {
      name: 'connected',
      go: (d) => d.tap('Password').type('correct horse').key('Enter').wait(1600),
      extra: ['blurrier'],
    },
  ],
  'sign-in-otp': [
    { name: 'signin', go: () => {}, extra: ['darker', 'tilted'] },
    { name: 'signin-toast', go: (d) => d.tap('Sign in'), extra: [] },
    {
      name: 'code',
      go: (d) => d.tap('Email').type('ada@example.com').key('Tab').type('hunter22').key('Enter').wait(1000),
      extra: ['blurrier'],
    },
    { name: 'code-notification', go: (d) => d.wait(2600), extra: [], faults: ['dark'] },
    { name: 'wrong-code', go: (d) => d.tap('6-digit code').type('111111').tap('Verify'), extra: ['tilted'] },
  ],
  'shop-checkout': [
    { name: 'cart', go: () => {}, extra: ['tilted'] },
    { name: 'promo', go: (d) => d.wait(4000), extra: ['darker', 'blurrier'] },
    { name: 'checkout', go: (d) => d.tap('No thanks').tap('Checkout').wait(700), extra: [] },
    {
      name: 'address-error',
      go: (d) => d.tap('Full name').type('Ada Lovelace').tap('Continue to payment'),
      extra: ['darker'],
      faults: ['blurred'],
    },
    {
      name: 'confirm-pay',
      go: (d) =>
        d
          .tap('Street and number')
          .type('1 Analytical Way')
          .key('Tab')
          .type('London')
          .tap('Continue to payment')
          .tap('Pay €42.00'),
      extra: ['tilted'],
    },
  ],
};

/** The device's picture with, as truth, only the text a person sees on it (visible-texts.ts). */
async function seen(device: VirtualDevice): Promise<DeviceFrame> {
  const view = device.view();
  const frame = await device.render();
  return { ...frame, texts: visibleTextRuns(view).map((run) => ({ text: run.text, box: run.box })) };
}

interface IndexEntry {
  dir: string;
  stem: string;
  device: string;
  state: string;
  setting: string;
  fault?: string;
}

async function recordDevice(name: string, seed: number, variant?: Variant): Promise<IndexEntry[]> {
  const file = loadDeviceFile(join(root, 'src/sim/devices', `${name}.yaml`));
  const driver = new Driver(new VirtualDevice(variant ? variant.change(file) : file));
  const settings = variant ? { [variant.name]: SETTINGS.default! } : SETTINGS;
  const cameras = Object.fromEntries(
    Object.entries(settings).map(([setting, options], i) => {
      const camera = new VirtualCamera({ source: () => seen(driver.device), options, seed: seed * 10 + i });
      return [setting, { camera, recorder: new FrameRecorder(join(out, `${name}-${setting}`), name) }];
    }),
  );
  const entries: IndexEntry[] = [];
  const take = async (state: string, setting: string, fault?: 'dark' | 'blurred') => {
    const { camera, recorder } = cameras[setting]!;
    if (fault === 'dark') camera.faults.darkFrames(1);
    if (fault === 'blurred') camera.faults.blurredFrames(1);
    const truth = recorder.record(await camera.captureWithTruth<DeviceFrame>());
    entries.push({
      dir: `${name}-${setting}`,
      stem: String(truth.sequence).padStart(5, '0'),
      device: name,
      state,
      setting,
      ...(fault ? { fault } : {}),
    });
  };
  for (const state of PLANS[name]!) {
    state.go(driver);
    if (variant) {
      await take(state.name, variant.name);
      continue;
    }
    await take(state.name, 'default');
    for (const setting of state.extra) await take(state.name, setting);
    for (const fault of state.faults ?? []) await take(state.name, 'default', fault);
  }
  return entries;
}

rmSync(out, { recursive: true, force: true });
const index: IndexEntry[] = [];
if (wide) {
  for (const [v, variant] of VARIANTS.entries())
    for (const [i, name] of variant.devices.entries())
      index.push(...(await recordDevice(name, 100 + v * 10 + i, variant)));
} else {
  for (const [i, name] of Object.keys(PLANS).entries()) index.push(...(await recordDevice(name, i + 1)));
}
// The recorder keeps the renderer's fast, large PNGs; recompress them losslessly to keep the corpus small.
for (const entry of index) {
  const file = join(out, entry.dir, `${entry.stem}.screen.png`);
  // The widened corpus is read from camera frames only: its screenshots are left out of the repository.
  if (wide) {
    rmSync(file);
    continue;
  }
  writeFileSync(file, await sharp(file).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer());
}
writeFileSync(join(out, 'index.json'), `${JSON.stringify(index, null, 1)}\n`);
process.stdout.write(`recorded ${index.length} frames into ${out}\n`);

// The camera path's quality gate, retakes and burst fusion (`npm run bench gate`), on the virtual
// camera's frames of three devices, read by the bench's OCR engine (the line detector where it
// runs) as whole reads. What each extra fused frame buys (word recall on noisy and banded frames,
// spoiled as the bench's camera-spoil fault spoils them: src/sim/bench/spoiled-frames.ts) and
// costs (CPU ms to decode, fuse and encode them); what a retake buys on a blurred first frame; and
// the CPU per step (the look's gate + read; the camera's own rendering left out, on the rig the
// camera module does that) with the gate on and off, on a clean screen and on a noisy one.
import { readFileSync } from 'node:fs';
import { cameraScreenReader, gatedCapture, startOcr } from '../../src/adapters/observer-camera/index.js';
import { decodeRaw } from '../../src/adapters/observer-camera/fingerprint-frame.js';
import { GatedCapture } from '../../src/adapters/observer-camera/gated-capture.js';
import { systemClock } from '../../src/adapters/clock/system-clock.js';
import type { OcrEngine } from '../../src/core/ports/ocr.js';
import type { CameraFrame, CameraPort } from '../../src/core/ports/camera.js';
import { fuseFrames } from '../../src/core/vision/burst-fusion.js';
import type { ScreenCalibration } from '../../src/core/vision/calibration.js';
import { truthLines, wordRecall } from '../../src/core/vision/ocr-metrics.js';
import { defaultRetakePolicy } from '../../src/core/vision/retake-policy.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { spoilFrame, type SpoilKind } from '../../src/sim/bench/spoiled-frames.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { parseDeviceFile } from '../../src/sim/device/load.js';
import sharp from 'sharp';
import { percentile, round } from './stats.js';

const DEVICES = ['settings-wifi', 'shop-checkout', 'messages'];
const FUSE_COUNTS = [1, 2, 3, 5];
const SPOILS: { kind: SpoilKind; strength: number }[] = [
  { kind: 'noise', strength: 14 },
  { kind: 'noise', strength: 24 },
  { kind: 'banding', strength: 0.25 },
];

interface Screen {
  camera: VirtualCamera;
  calibration: ScreenCalibration;
  truth: string[];
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

export async function benchCameraGate(screenCount = DEVICES.length): Promise<Record<string, unknown>> {
  const ocr = await startOcr({ workers: 1 });
  const out: Record<string, unknown> = { 'OCR engine': ocr.description };
  try {
    const screens = await Promise.all(DEVICES.slice(0, screenCount).map(openScreen));
    const read = async (screen: Screen, image: Uint8Array) =>
      wordRecall(
        screen.truth,
        truthLines((await cameraScreenReader(ocr, screen.calibration, { everyFrame: true }).read(image)).model.lines),
      );
    const clean: number[] = [];
    for (const screen of screens) clean.push(await read(screen, (await screen.camera.capture()).image));
    out[`word recall, clean first frame (mean of ${screens.length} screens)`] = pct(mean(clean));
    for (const spoil of SPOILS) {
      const recalls: string[] = [];
      const costs: string[] = [];
      for (const n of FUSE_COUNTS) {
        const r: number[] = [];
        const c: number[] = [];
        for (const screen of screens) {
          const frames = await spoiledFrames(screen, spoil, n);
          const started = process.cpuUsage();
          const image = n === 1 ? frames[0]! : await fusedJpeg(frames);
          c.push(cpuMs(started));
          r.push(await read(screen, image));
        }
        recalls.push(`${n}: ${pct(mean(r))}`);
        costs.push(`${n}: ${Math.round(mean(c))}`);
      }
      out[`${spoil.kind} ${spoil.strength}: word recall by frames fused`] = recalls.join(' | ');
      out[`${spoil.kind} ${spoil.strength}: CPU ms to decode+fuse+encode by frames`] = costs.join(' | ');
    }
    // A blurred first frame: read as it came, or what the gate picks (a retake).
    const blurred: number[] = [],
      gated: number[] = [];
    const chosen: string[] = [];
    for (const screen of screens) {
      blurred.push(await read(screen, (await spoiledFrames(screen, { kind: 'blur', strength: 4 }, 1))[0]!));
      const { frame, record } = await new GatedCapture(
        spoilingCamera(screen, { kind: 'blur', strength: 4 }, 1),
        screen.calibration,
        systemClock,
      ).capture({});
      chosen.push(record.chosen);
      gated.push(await read(screen, frame.image));
    }
    out['blur 4, first frame read as it came: word recall'] = pct(mean(blurred));
    out['blur 4, through the gate (a retake): word recall, frame chosen'] = `${pct(mean(gated))}, ${chosen.join(' ')}`;
    Object.assign(out, await stepCost(ocr, screens));
  } finally {
    await ocr.close();
  }
  return out;
}

/** CPU per look (gate + read; the camera's own work left out) with the gate on and off, whole reads. */
async function stepCost(ocr: OcrEngine, screens: Screen[]): Promise<Record<string, string>> {
  const rows: Record<string, string> = {};
  for (const [label, spoil] of [
    ['clean screen', undefined],
    ['noisy screen (noise 14 on every frame)', { kind: 'noise' as const, strength: 14 }],
  ] as const) {
    const off: number[] = [],
      on: number[] = [],
      gateOnly: number[] = [];
    for (let round_ = 0; round_ < 2; round_++) {
      for (const screen of screens) {
        const cameraCpu = { ms: 0 };
        const camera = spoilingCamera(screen, spoil, spoil ? 1000 : 0, cameraCpu);
        const reader = cameraScreenReader(ocr, screen.calibration, { everyFrame: true });
        let started = process.cpuUsage();
        let frame = await camera.capture();
        await reader.read(frame.image);
        off.push(cpuMs(started) - cameraCpu.ms);
        cameraCpu.ms = 0;
        started = process.cpuUsage();
        const gated = await gatedCapture(camera, screen.calibration, systemClock, defaultRetakePolicy).capture({});
        const gateMs = cpuMs(started) - cameraCpu.ms;
        frame = gated.frame;
        await cameraScreenReader(ocr, screen.calibration, { everyFrame: true }).read(frame.image);
        on.push(cpuMs(started) - cameraCpu.ms);
        gateOnly.push(gateMs);
      }
    }
    rows[`CPU ms per look, ${label}: gate off | on (median)`] =
      `${Math.round(percentile(off, 50))} | ${Math.round(percentile(on, 50))}`;
    rows[`CPU ms of the gate alone (measure, retakes' decode, fusion), ${label}: median | p90`] =
      `${Math.round(percentile(gateOnly, 50))} | ${Math.round(percentile(gateOnly, 90))}`;
  }
  return rows;
}

async function openScreen(name: string): Promise<Screen> {
  const device = new VirtualDevice(parseDeviceFile(readFileSync(`src/sim/devices/${name}.yaml`, 'utf8')));
  const camera = new VirtualCamera({ source: () => device.render(), seed: 11 });
  const first = await camera.captureWithTruth();
  return {
    camera,
    calibration: { deviceSize: { width: device.width, height: device.height }, screenCorners: first.screenCorners },
    truth: truthLines(device.groundTruth().texts),
  };
}

async function spoiledFrames(
  screen: Screen,
  spoil: { kind: SpoilKind; strength: number },
  n: number,
): Promise<Uint8Array[]> {
  const frames: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const frame = await screen.camera.capture();
    frames.push(await spoilFrame(frame.image, spoil.kind, spoil.strength, frame.sequence));
  }
  return frames;
}

/** The screen's camera, its next `n` frames spoiled; the CPU it spends counted into `cpu` (left out of a look's cost). */
function spoilingCamera(
  screen: Screen,
  spoil: { kind: SpoilKind; strength: number } | undefined,
  n: number,
  cpu = { ms: 0 },
): CameraPort {
  let left = n;
  return {
    capture: async (options): Promise<CameraFrame> => {
      const started = process.cpuUsage();
      const frame = await screen.camera.capture(options);
      const spoiled =
        spoil && left-- > 0
          ? { ...frame, image: await spoilFrame(frame.image, spoil.kind, spoil.strength, frame.sequence) }
          : frame;
      cpu.ms += cpuMs(started);
      return spoiled;
    },
    describe: () => 'spoiling camera',
    close: async () => undefined,
  };
}

/** What the gate does to fuse: decode, median (mean of two), encode as the reader's JPEG. */
async function fusedJpeg(frames: Uint8Array[]): Promise<Uint8Array> {
  const raw = fuseFrames(await Promise.all(frames.map((frame) => decodeRaw(frame))));
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels as 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
const pct = (fraction: number) => `${round(fraction * 100, 1)} %`;

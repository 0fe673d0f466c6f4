// Change detection on content, on real frames of the virtual camera: noise, JPEG and a changing
// status-bar clock are not a change; a toggle flipping, a list scrolling one page and a toast are,
// each with its box where it happened. The truth observer's fingerprint behaves alike.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TruthObserver } from '../../../src/adapters/observer-truth/truth-observer.js';
import { fingerprintCameraFrame } from '../../../src/adapters/observer-camera/fingerprint-frame.js';
import { compareContent, touchesChange } from '../../../src/core/vision/compare-content.js';
import { contentArea, type ContentFingerprint } from '../../../src/core/vision/content-fingerprint.js';
import { prepareCameraFrame } from '../../../src/adapters/observer-camera/preprocess.js';
import { detectLayout } from '../../../src/core/vision/detect-layout.js';
import { iou } from '../../../src/core/vision/layout-pixels.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { readFileSync } from 'node:fs';
import { parseDeviceFile } from '../../../src/sim/device/load.js';
import { Driver } from '../sim/drive.js';

const SIZE = { width: 1080, height: 2400 };
const devices = join(import.meta.dirname, '../../../src/sim/devices');

const probe = join(import.meta.dirname, '../../fixtures/vision/layout-probe.yaml');
const open = (device: string) =>
  device === 'probe'
    ? new VirtualDevice(parseDeviceFile(readFileSync(probe, 'utf8')))
    : VirtualDevice.fromFile(join(devices, `${device}.yaml`));
/** A clock that only moves when told (the observer never sleeps here). */
const still = { now: () => 0, sleep: async () => undefined };

function bench(device: string) {
  const d = new Driver(open(device));
  const camera = new VirtualCamera({ source: () => d.device.render(), seed: 5 });
  const look = async (): Promise<ContentFingerprint> => {
    const capture = await camera.captureWithTruth();
    return (
      await fingerprintCameraFrame(capture.frame.image, {
        deviceSize: { width: d.device.width, height: d.device.height },
        screenCorners: capture.screenCorners,
      })
    ).print;
  };
  return { d, look, camera };
}
const target = (d: Driver, label: string) => d.device.groundTruth().targets.find((t) => t.label === label)!.box;

describe('compareContent on camera frames', () => {
  it('an unchanged screen is unchanged across noise, JPEG and a new minute on the status-bar clock; a toggle flip is a change at the toggle', async () => {
    const { d, look } = bench('probe');
    const first = await look();
    d.wait(61_000);
    const later = await look();
    const still = compareContent(first, later);
    expect(still.changed).toBe(false);
    expect(still.largestDelta).toBeLessThanOrEqual(3);
    d.tap('Airplane mode');
    const flipped = await look();
    const change = compareContent(later, flipped);
    expect(change.changed).toBe(true);
    const row = target(d, 'Airplane mode');
    expect(change.boxes).toHaveLength(1);
    // The change is the toggle's track, inside its row.
    const box = change.boxes[0]!;
    expect(box.y).toBeGreaterThanOrEqual(row.y - 30);
    expect(box.y + box.height).toBeLessThanOrEqual(row.y + row.height + 30);
    expect(box.x).toBeGreaterThan(row.x + row.width / 2);
  }, 60_000);

  it('a list scrolled by one page changed inside the list, not in the title', async () => {
    const { d, look } = bench('settings-wifi');
    d.tap('Network & internet').wait(1000);
    const before = await look();
    d.tap('More');
    const after = await look();
    const change = compareContent(before, after);
    expect(change.changed).toBe(true);
    const list = d.device
      .groundTruth()
      .targets.filter((t) => t.role === 'list-item')
      .map((t) => t.box);
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) expect(touchesChange(change, row)).toBe(true);
    expect(Math.min(...change.boxes.map((b) => b.y))).toBeGreaterThanOrEqual(list[0]!.y - 30);
  }, 60_000);

  it('a toast is a change around the toast, and the content area leaves both bars out', async () => {
    const { d, look } = bench('sign-in-otp');
    const before = await look();
    d.tap('Sign in');
    const toast = await look();
    const change = compareContent(before, toast);
    expect(change.changed).toBe(true);
    expect(change.fraction).toBeLessThan(0.1);
    const text = d.device.groundTruth().texts.find((t) => t.text === 'Enter your email and password')!.box;
    expect(touchesChange(change, text)).toBe(true);
    expect(change.boxes[0]!.y).toBeGreaterThan(1600);
    expect(contentArea({ width: 1080, height: 2400 })).toEqual({ x: 0, y: 78, width: 1080, height: 2178 });
  }, 60_000);

  it('a toast of the first look fading is no change when its box is passed over; another change beside it still is', async () => {
    const { d, look, camera } = bench('sign-in-otp');
    d.tap('Sign in');
    const withToast = await look();
    // The toast as the observer finds it in the pixels (not the device's own mark).
    const capture = await camera.captureWithTruth();
    const prepared = await prepareCameraFrame(capture.frame.image, {
      deviceSize: SIZE,
      screenCorners: capture.screenCorners,
    });
    const toasts = detectLayout(prepared.rectified, SIZE).regions!.filter((r) => r.kind === 'toast');
    expect(toasts).toHaveLength(1);
    const toastBox = toasts[0]!.box;
    expect(iou(toastBox, d.device.groundTruth().marks.find((m) => m.kind === 'toast')!.box)).toBeGreaterThan(0.8);
    d.wait(10_000);
    expect(d.device.groundTruth().marks.some((m) => m.kind === 'toast')).toBe(false);
    const faded = await look();
    expect(compareContent(withToast, faded).changed).toBe(true);
    expect(compareContent(withToast, faded, undefined, [toastBox])).toMatchObject({ changed: false });
    // The other way round the toast appears: passing over the first look's (none) leaves it a change.
    expect(compareContent(faded, withToast, undefined, []).changed).toBe(true);
    d.tap('Email');
    d.type('a@b.c');
    const typed = await look();
    const change = compareContent(withToast, typed, undefined, [toastBox]);
    expect(change.changed).toBe(true);
    expect(change.boxes.every((b) => b.y + b.height <= toastBox.y || b.y >= toastBox.y + toastBox.height)).toBe(true);
  }, 60_000);
});

describe('the truth observer', () => {
  it('gives layout hints from the device and a fingerprint that changes with content, not with the clock', async () => {
    const device = open('probe');
    const d = new Driver(device);
    const observer = new TruthObserver(device, still);
    const first = await observer.observe();
    expect(first.content?.evidence).toBe('truth');
    d.wait(61_000);
    const later = await observer.observe();
    expect(compareContent(first.content!, later.content!).changed).toBe(false);
    d.tap('Airplane mode');
    const flipped = await observer.observe();
    const change = compareContent(later.content!, flipped.content!);
    expect(change.changed).toBe(true);
    expect(change.boxes).toHaveLength(1);
    const toggle = device.groundTruth().marks.find((m) => m.kind === 'toggle' && m.label === 'Airplane mode')!;
    expect(toggle.checked).toBe(true);
    expect(touchesChange(change, toggle.box)).toBe(true);
    d.tap('Details');
    const dialog = await observer.observe();
    expect(dialog.screen.regions.filter((r) => r.kind === 'dialog')).toHaveLength(1);
    expect(dialog.screen.regions.find((r) => r.kind === 'dialog')!.evidence).toBe('truth');
  });
});

// Layout hints from pixels on real frames: a probe device (one of each control) rendered by the
// virtual device, photographed by the virtual camera, rectified with the true corners. Each
// detector must find the drawn box (IoU against the device's own marks) and say nothing where
// there is none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareCameraFrame } from '../../../src/adapters/observer-camera/preprocess.js';
import { detectLayout } from '../../../src/core/vision/detect-layout.js';
import { iou } from '../../../src/core/vision/layout-pixels.js';
import type { LayoutHints, ShapeHint } from '../../../src/core/vision/screen-elements.js';
import type { Box } from '../../../src/core/vision/screen-model.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { parseDeviceFile } from '../../../src/sim/device/load.js';
import type { LayoutMark } from '../../../src/sim/device/view.js';
import { Driver } from '../sim/drive.js';

const probe = readFileSync(join(import.meta.dirname, '../../fixtures/vision/layout-probe.yaml'), 'utf8');
const size = { width: 1080, height: 2400 };

function bench(theme: 'light' | 'dark') {
  const d = new Driver(new VirtualDevice(parseDeviceFile(probe.replace('theme: light', `theme: ${theme}`))));
  const camera = new VirtualCamera({ source: () => d.device.render(), seed: 3 });
  const look = async () => {
    const capture = await camera.captureWithTruth();
    const prepared = await prepareCameraFrame(capture.frame.image, {
      deviceSize: size,
      screenCorners: capture.screenCorners,
    });
    return { hints: detectLayout(prepared.rectified, size), marks: d.device.groundTruth().marks };
  };
  return { d, look };
}

type AnyHint = { kind: string; box: Box; state?: ShapeHint['state']; unasked?: boolean };
function found(hints: LayoutHints, mark: LayoutMark): AnyHint | undefined {
  return ([...hints.regions!, ...hints.shapes!] as AnyHint[])
    .filter((h) => h.kind === mark.kind)
    .sort((a, b) => iou(b.box, mark.box) - iou(a.box, mark.box))[0];
}
const mark = (marks: LayoutMark[], kind: LayoutMark['kind'], label?: string) =>
  marks.find((m) => m.kind === kind && (label === undefined || m.label === label))!;

describe.each(['light', 'dark'] as const)('layout from pixels, %s theme', (theme) => {
  it('finds the toggles with their state, the buttons (filled and outlined) and the field; no region on a plain page', async () => {
    const { d, look } = bench(theme);
    const plain = await look();
    expect(plain.hints.regions).toEqual([]);
    for (const label of ['Airplane mode', 'Bluetooth']) {
      const truth = mark(plain.marks, 'toggle', label);
      const hint = found(plain.hints, truth)!;
      expect(iou(hint.box, truth.box)).toBeGreaterThan(0.75);
      expect(hint.state?.checked).toBe(truth.checked);
    }
    for (const label of ['Save', 'Details', 'Banner'])
      expect(
        iou(found(plain.hints, mark(plain.marks, 'button', label))!.box, mark(plain.marks, 'button', label).box),
      ).toBeGreaterThan(0.85);
    const field = mark(plain.marks, 'field');
    expect(iou(found(plain.hints, field)!.box, field.box)).toBeGreaterThan(0.85);
    expect(found(plain.hints, field)!.state?.focused).toBe(false);
    expect(plain.hints.shapes!.filter((s) => s.kind === 'field')).toHaveLength(1);
    d.tap('Your name').tap('Save');
    const focused = await look();
    expect(found(focused.hints, field)!.state?.focused).toBe(true);
    const toast = mark(focused.marks, 'toast');
    expect(iou(found(focused.hints, toast)!.box, toast.box)).toBeGreaterThan(0.8);
  }, 60_000);

  it('finds a dialog over the scrim', async () => {
    const { d, look } = bench(theme);
    d.tap('Details');
    const { hints, marks } = await look();
    const dialog = mark(marks, 'dialog');
    expect(hints.regions!.filter((r) => r.kind === 'dialog')).toHaveLength(1);
    // Dark: the dimmed page's light text next to the panel widens the box (0.77 measured); light: 0.99.
    expect(iou(found(hints, dialog)!.box, dialog.box)).toBeGreaterThan(theme === 'light' ? 0.95 : 0.75);
    // The bold title's rows are the panel too (they once broke it, and the title was read as page text).
    const title = d.device.groundTruth().texts.find((t) => t.text === 'Delete everything?')!.box;
    const box = found(hints, dialog)!.box;
    expect(box.y).toBeLessThan(title.y);
    expect(box.y + box.height).toBeGreaterThan(title.y + title.height);
    expect(hints.regions!.some((r) => r.kind === 'banner' || r.kind === 'toast')).toBe(false);
  }, 60_000);
});

describe('banner from pixels', () => {
  it('finds a heads-up notification on the dark theme, marked unasked', async () => {
    const { d, look } = bench('dark');
    d.tap('Banner');
    const { hints, marks } = await look();
    const banner = mark(marks, 'banner');
    const hint = found(hints, banner)!;
    expect(iou(hint.box, banner.box)).toBeGreaterThan(0.8);
    expect(hint).toMatchObject({ unasked: true });
  }, 60_000);
});

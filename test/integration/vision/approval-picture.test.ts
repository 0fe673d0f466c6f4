// The picture a person approving a tap sees: cut from a real virtual-camera frame (the phone seen
// sideways and at an angle), upright, small, the element readable by OCR and the tap ringed; and
// the MQTT approval view carries it with the context while the full frame stays in memory.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TesseractPool } from '../../../src/adapters/observer-camera/tesseract-pool.js';
import { MqttApprovals } from '../../../src/adapters/mqtt/mqtt-approvals.js';
import type { PendingApprovalView } from '../../../src/core/operator/bench-state.js';
import { approvalPicture, withApprovalPicture } from '../../../src/app/bench/approval-picture.js';
import type { ApprovalRequest } from '../../../src/core/ports/approval.js';

const FRAME = 'test/fixtures/ocr-corpus/settings-wifi-default/00001';
const truth = JSON.parse(readFileSync(`${FRAME}.truth.json`, 'utf8'));
const image = readFileSync(`${FRAME}.camera.jpg`);
const calibration = { deviceSize: truth.deviceSize, screenCorners: truth.screenCorners };
const request: ApprovalRequest = {
  id: 'a1',
  tool: 'tap_text',
  args: { text: 'Network & internet' },
  summary: 'tap on "Network & internet"',
  rule: 'test',
  context: {
    screenTitle: 'Settings',
    element: { kind: 'button', text: 'Network & internet', box: { x: 48, y: 468, width: 984, height: 144 } },
    point: { x: 540, y: 540 },
  },
  frame: {
    image,
    format: 'jpeg',
    width: truth.cameraSize.width,
    height: truth.cameraSize.height,
    capturedAt: 0,
    sequence: 1,
  },
};

let ocr: TesseractPool;
beforeAll(async () => {
  ocr = await TesseractPool.start(1);
});
afterAll(async () => {
  await ocr.close();
});

describe('the approval picture', () => {
  it('is upright and small, shows the element readably, and rings the tap point', async () => {
    const picture = (await approvalPicture(request, calibration))!;
    expect(picture).toMatchObject({ format: 'jpeg', width: 360 });
    expect(picture.height).toBeGreaterThan(80);
    expect(picture.height).toBeLessThan(140);
    const jpeg = Buffer.from(picture.base64, 'base64');
    expect(jpeg.length).toBeLessThan(40_000);
    const lines = await ocr.recognize(await sharp(jpeg).resize({ width: 720 }).png().toBuffer());
    expect(lines.map((line) => line.text).join(' ')).toMatch(/N ?etwork.*internet/);
    // The ring's right edge, where the button's own colour is not red.
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const ring = { x: Math.round(540 / 3 + 9), y: Math.round((540 - 388) / 3) };
    const at = (ring.y * info.width + ring.x) * info.channels;
    expect(data[at]! - Math.max(data[at + 1]!, data[at + 2]!)).toBeGreaterThan(60);
  });

  it('goes to the operator view with the context; the frame itself does not', async () => {
    let shown: PendingApprovalView | null = null;
    const mqtt = new MqttApprovals({
      show: (view) => {
        shown = view ?? shown;
      },
      wallClock: () => '2026-12-01T00:00:00Z',
    });
    const asking = withApprovalPicture(mqtt, calibration).ask(request);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect.poll(() => shown).not.toBeNull();
    const view = shown as unknown as PendingApprovalView & Record<string, unknown>;
    expect(view.context).toEqual(request.context);
    expect(view.picture?.format).toBe('jpeg');
    expect(view).not.toHaveProperty('frame');
    expect(JSON.stringify(view).length).toBeLessThan(60_000);
    mqtt.answer('a1', { approved: true, by: 'ops' });
    expect(await asking).toEqual({ approved: true, by: 'ops' });
  });
});

// Frames of a PWM-dimmed display (the severe pwm-banding fault: a 3 ms exposure over 240 Hz PWM,
// bands from 0.4 to 1.4 of the light, their phase each frame's own) fail the gate as banded; the
// capture path divides each frame's bands out before it fuses them (deband-rows.ts, as the reader
// would), so the fusion of three passes where a median of the banded frames kept part of every
// band; the shutter is left alone. On the virtual camera, with its settings, and a manual clock.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { GatedCapture } from '../../../src/adapters/observer-camera/gated-capture.js';
import { withCameraFault } from '../../../src/sim/camera/camera-faults.js';
import { faultyCamera } from '../../support/faulty-camera.js';

describe('fusing the frames of a PWM-dimmed display', () => {
  it('divides out each frame’s bands, so the fusion passes the gate', async () => {
    const clock = new ManualClock();
    const { port, calibration } = faultyCamera('settings-wifi', withCameraFault('pwm-banding', 'severe'), clock, {
      seed: 7,
      settings: true,
    });
    const { record } = await new GatedCapture(port, calibration, clock).capture({});
    expect(record).toMatchObject({ chosen: 'fused', tries: 3, fused: 3, problems: [] });
    // The bands' clipping is judged on the raw picture: dividing them out clips no exposure to correct.
    expect(record.exposure).toBeUndefined();
  }, 60_000);
});

// The tap margin a run uses (and `doctor` shows): the configured one, else three times the
// calibration's combined residual, never under the floor; an unmeasured rig gets the floor and says so.
import { describe, expect, it } from 'vitest';
import { TAP_MARGIN_FLOOR_PX, tapMarginSource } from '../../../src/core/agent/guard/tap-margin-source.js';

describe('where the tap margin comes from', () => {
  it("a person's figure in the configuration wins", () => {
    expect(tapMarginSource({ actuator: { source: 'taps', rmsResidualPx: 30 } }, 10)).toMatchObject({
      px: 10,
      measured: true,
      why: expect.stringMatching(/guardrails\.tapMarginPx/),
    });
  });

  it('three times the taps and camera residuals combined, rounded up', () => {
    // hypot(12, 5) = 13 -> 39 px
    const source = tapMarginSource({ actuator: { source: 'taps', rmsResidualPx: 12 }, cameraResidualPx: 5 });
    expect(source).toMatchObject({ px: 39, measured: true });
    expect(source.why).toMatch(/13\.0 px rms/);
  });

  it('a precise rig still keeps the floor for a slipping stylus', () => {
    expect(tapMarginSource({ actuator: { source: 'taps', rmsResidualPx: 1.5 } }).px).toBe(TAP_MARGIN_FLOOR_PX);
  });

  it('an identity calibration was never measured: the floor, and the reason', () => {
    const source = tapMarginSource({ actuator: { source: 'identity' } });
    expect(source).toMatchObject({ px: TAP_MARGIN_FLOOR_PX, measured: false });
    expect(source.why).toMatch(/never measured .*identity/);
  });
});

// How far a tap may land from its aim on this rig, and so how wide a berth the approval gate
// gives risky neighbours: the same figure a run uses (core/agent/guard/tap-margin-source.ts).
// A rig whose tap accuracy was never measured works with the floor, and is told how to measure.
import { tapMarginSource } from '../../core/agent/guard/tap-margin-source.js';
import type { CalibrationBlock } from '../../core/vision/calibration-schema.js';
import { pass, warn, type CheckResult } from './check-result.js';

const NAME = 'tap-accuracy';

export function checkTapAccuracy(calibration: CalibrationBlock | undefined, configuredMarginPx?: number): CheckResult {
  if (!calibration) {
    return warn(
      NAME,
      `no calibration in the configuration: taps are aimed with no measured accuracy (margin ${tapMarginSource(undefined, configuredMarginPx).px} px)`,
      'calibrate the rig: `benchhand calibrate --taps`, then put the result under calibration: in the config',
    );
  }
  const margin = tapMarginSource(calibration, configuredMarginPx);
  const detail = `tap margin ${margin.px} px: ${margin.why}`;
  if (!margin.measured)
    return warn(
      NAME,
      detail,
      "measure the rig's tap accuracy with `benchhand calibrate --taps` (it writes actuator.rmsResidualPx)",
    );
  return pass(NAME, detail);
}

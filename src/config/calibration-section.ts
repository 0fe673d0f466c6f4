// The `calibration` section: the block `benchhand calibrate` writes, inline, or `file: PATH`
// naming that file (JSON or YAML). The block's own schema is the one in core/vision.
import { z } from 'zod';
import { calibrationSchema } from '../core/vision/calibration-schema.js';

export const calibrationFileSchema = z.strictObject({
  file: z.string().min(1, { message: 'must not be empty' }),
});

export const calibrationSectionSchema = z.union([calibrationFileSchema, calibrationSchema]);

export type CalibrationSection = z.output<typeof calibrationSectionSchema>;

export const CALIBRATION_FORMS =
  'give either `file: PATH` (the JSON that `benchhand calibrate --out PATH` writes) or the block itself: version: 1, deviceSize, cameraSize, screenCorners, actuator';

/**
 * A calibration that fits neither form is judged as the form it says it is: `file:` the file
 * form, `version:` the block; with neither key, one problem that names the two forms.
 */
export function calibrationIssues(issue: z.core.$ZodIssue, calibration: unknown): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.path.length !== 1 || issue.path[0] !== 'calibration') return [issue];
  const keys =
    typeof calibration === 'object' && calibration !== null && !Array.isArray(calibration)
      ? Object.keys(calibration)
      : [];
  const branch = keys.includes('file') ? issue.errors[0] : keys.includes('version') ? issue.errors[1] : undefined;
  if (branch) return branch.map((inner) => ({ ...inner, path: ['calibration', ...inner.path] }));
  return [
    { code: 'custom', path: ['calibration'], message: `not a calibration: ${CALIBRATION_FORMS}`, input: calibration },
  ];
}

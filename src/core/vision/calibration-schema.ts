// The calibration block of the config: where the screen is in the camera picture and how device
// pixels map to actuator coordinates. Strict (unknown keys are errors), messages name the field.
import { z } from 'zod';

const point = z.object({ x: z.number().finite(), y: z.number().finite() }).strict();

/** A camera's exposure, white balance and focus (core/ports/camera.ts CameraSettings), as rpicam takes them. */
export const cameraSettingsSchema = z
  .object({
    shutterUs: z.number().int().positive(),
    gain: z.number().min(1).max(64),
    awbGains: z.tuple([z.number().positive(), z.number().positive()]),
    lensPosition: z.number().min(0).max(32).optional(),
  })
  .strict();

export const calibrationSchema = z
  .object({
    version: z.literal(1),
    deviceSize: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).strict(),
    cameraSize: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).strict(),
    screenCorners: z
      .array(point)
      .length(4, "screenCorners needs exactly 4 points, clockwise from the screen's top-left, in camera pixels"),
    /** Device px -> actuator: x' = a x + b y + c, y' = d x + e y + f. */
    actuator: z
      .object({
        affine: z.array(z.number().finite()).length(6, 'actuator.affine needs 6 numbers [a, b, c, d, e, f]'),
        source: z.enum(['identity', 'file', 'taps']),
        rmsResidualPx: z.number().nonnegative().optional(),
      })
      .strict(),
    /**
     * Camera settings chosen by measurement (core/vision/camera-settings.ts): the rpicam camera
     * uses them where the config's camera section does not set its own. Optional: calibrations
     * written before them stay valid.
     */
    camera: cameraSettingsSchema
      .extend({
        /** The chosen settings' text contrast (0..1) and sharpness on the calibrated screen. */
        contrast: z.number().min(0).max(1).optional(),
        sharpness: z.number().nonnegative().optional(),
        /** Share of the screen's pixels burnt out or crushed at them. */
        clipped: z.number().min(0).max(1).optional(),
        /** Their score (core/vision/camera-settings.ts): `benchhand doctor` compares a fresh picture's with it. */
        score: z.number().nonnegative().optional(),
      })
      .strict()
      .optional(),
    /** Re-projection check of the camera mapping, in device pixels. */
    cameraResidualPx: z.number().nonnegative().optional(),
    measuredAt: z.string().optional(),
  })
  .strict();

export type CalibrationBlock = z.infer<typeof calibrationSchema>;

export type CalibrationParse = { ok: true; calibration: CalibrationBlock } | { ok: false; problems: string[] };

export function parseCalibration(value: unknown): CalibrationParse {
  const result = calibrationSchema.safeParse(value);
  if (result.success) return { ok: true, calibration: result.data };
  return {
    ok: false,
    problems: result.error.issues.map(
      (issue) =>
        `calibration${issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${issue.message}`,
    ),
  };
}

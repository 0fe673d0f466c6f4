// The `camera` section: where pictures come from, and the exposure, white-balance and focus locks
// that keep OCR steady. Options that do nothing for the chosen source are errors, not silence.
import { z } from 'zod';

export type CameraKind = 'rpicam' | 'v4l2' | 'replay' | 'http';

export const CAMERA_SOURCES = 'rpicam, v4l2:/dev/videoN, replay:PATH or an http:// camera address';

export function cameraKind(source: string): CameraKind | undefined {
  if (source === 'rpicam') return 'rpicam';
  if (source.startsWith('v4l2:')) return 'v4l2';
  if (source.startsWith('replay:') && source.length > 'replay:'.length) return 'replay';
  if (/^https?:\/\/./.test(source)) return 'http';
  return undefined;
}

const positiveInt = z.number().int().positive();

const cameraSource = z.string().superRefine((source, context) => {
  if (!cameraKind(source))
    context.addIssue({ code: 'custom', message: `camera source "${source}" is not one of ${CAMERA_SOURCES}` });
});

/** Which sources each option applies to. */
const OPTION_SOURCES: Record<string, CameraKind[]> = {
  width: ['rpicam', 'v4l2'],
  height: ['rpicam', 'v4l2'],
  framerate: ['rpicam', 'v4l2'],
  timeoutMs: ['rpicam', 'v4l2'],
  shutterUs: ['rpicam'],
  gain: ['rpicam'],
  awbGains: ['rpicam'],
  lensPosition: ['rpicam'],
  cameraIndex: ['rpicam'],
  passthrough: ['v4l2'],
};

export const cameraSectionSchema = z
  .strictObject({
    source: cameraSource,
    width: positiveInt.optional(),
    height: positiveInt.optional(),
    framerate: z.number().positive().max(120).optional(),
    /** Locks the exposure (rpicam): shutter time in microseconds and analogue gain. */
    shutterUs: positiveInt.optional(),
    gain: z.number().min(1).max(64).optional(),
    /** Locks the white balance (rpicam): red and blue gains. */
    awbGains: z.tuple([z.number().positive(), z.number().positive()]).optional(),
    /** Locks the focus (rpicam) at this lens position in dioptres; 0 is infinity. */
    lensPosition: z.number().min(0).max(32).optional(),
    /** Which Pi camera, when several are attached (rpicam-hello --list-cameras). */
    cameraIndex: z.number().int().min(0).optional(),
    /** The USB camera delivers MJPEG itself: pass it through instead of re-encoding (v4l2). */
    passthrough: z.boolean().optional(),
    /** How long to wait for a picture, in milliseconds (rpicam, v4l2). */
    timeoutMs: z.number().int().min(500).max(60000).optional(),
  })
  .superRefine((camera, context) => {
    const kind = cameraKind(camera.source);
    if (!kind) return;
    for (const [option, kinds] of Object.entries(OPTION_SOURCES)) {
      if ((camera as Record<string, unknown>)[option] === undefined || kinds.includes(kind)) continue;
      context.addIssue({
        code: 'custom',
        path: [option],
        message: `applies to ${kinds.join(' and ')} cameras only, not to ${kind}: remove it or change camera.source`,
      });
    }
  });

export type CameraSection = z.output<typeof cameraSectionSchema>;

/**
 * The camera section with another source (from the command line or the environment). The
 * section's options stay when the new source is the same kind of camera; they belong to the
 * old camera otherwise, and go.
 */
export function withCameraSource(section: unknown, source: string): Record<string, unknown> {
  const old =
    typeof section === 'object' && section !== null && !Array.isArray(section)
      ? (section as Record<string, unknown>)
      : {};
  const sameKind =
    typeof old.source === 'string' &&
    cameraKind(old.source) !== undefined &&
    cameraKind(old.source) === cameraKind(source);
  return sameKind ? { ...old, source } : { source };
}

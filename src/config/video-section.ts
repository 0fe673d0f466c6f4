// The `video` section: the run video every run leaves (STATE_DIR/video.mp4, app/video/run-video.ts).
// On by default; `enabled: false` (or a command's --no-video) makes none, e.g. on a bench short of
// disk or CPU. `inset` adds the raw camera picture in a corner (as --video-inset), `width` sets the
// video's width (at least 540 px; default half the device's width).
import { z } from 'zod';

export const MIN_VIDEO_WIDTH_PX = 540;

export const videoSectionSchema = z.strictObject({
  enabled: z.boolean().default(true),
  inset: z.boolean().default(false),
  width: z
    .number()
    .int({ message: 'must be a whole number of pixels' })
    .min(MIN_VIDEO_WIDTH_PX, { message: `must be at least ${MIN_VIDEO_WIDTH_PX} px (a person must read the screen)` })
    .max(4096, { message: 'must be at most 4096 px' })
    .optional(),
});

export type VideoSection = z.output<typeof videoSectionSchema>;

/** The run's video from the config and the command's flags: false for none, else its options (the flags win). */
export function videoSettings(
  section: VideoSection | undefined,
  flags: { noVideo?: boolean; inset?: boolean } = {},
): false | { inset: boolean; width?: number } {
  if (flags.noVideo || section?.enabled === false) return false;
  return {
    inset: flags.inset ?? section?.inset ?? false,
    ...(section?.width !== undefined ? { width: section.width } : {}),
  };
}

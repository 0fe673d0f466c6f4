// The camera observer's capture path: a look's frame passes the quality gate before it is read
// (core/vision/retake-policy.ts decides; this file takes, measures and fuses the frames). The
// gate measures the screen warped upright at half its size in the camera picture (its limits
// were measured at that scale: core/vision/frame-gate.ts), a quarter of the pixels; a fusion is of the decoded camera pictures, encoded
// again as a high-quality JPEG for the reader (which reads camera pictures as bytes). A frame
// overexposed or underexposed is retaken at a corrected shutter when the camera takes settings and
// says which it runs at (core/vision/exposure-retake.ts); the camera keeps the corrected shutter
// for the looks after (the screen stays as bright as it became), within the bounds of the settings
// the gate first saw. On such a camera, a frame chosen with a patch burnt out whole (a lamp's
// reflection on the glass) is bracketed: one frame at a shorter shutter, and where it shows ink in
// the patch, its pixels fill the patch in (core/vision/glare-bracket.ts); the shutter is put back.
import sharp from 'sharp';
import type {
  CameraFrame,
  CameraPort,
  CameraSettings,
  CameraSettingsControl,
  CaptureOptions,
} from '../../core/ports/camera.js';
import type { Clock } from '../../core/ports/clock.js';
import { fuseBandedFrames, fuseFrames } from '../../core/vision/burst-fusion.js';
import { debandRows, type Banding } from '../../core/vision/deband-rows.js';
import { screenSizeInCamera, type ScreenCalibration } from '../../core/vision/calibration.js';
import { exposureRetake, type ExposureChange } from '../../core/vision/exposure-retake.js';
import {
  bracketShutterUs,
  clippedSpot,
  fillClippedSpot,
  inkUnderSpot,
  MIN_SPOT_SHARE,
} from '../../core/vision/glare-bracket.js';
import {
  bandingOf,
  clippingOf,
  judgeFrame,
  measureFrame,
  type FrameMeasures,
  type GateProblem,
} from '../../core/vision/frame-gate.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import {
  captureThroughGate,
  defaultRetakePolicy,
  type CaptureRecord,
  type RetakePolicy,
} from '../../core/vision/retake-policy.js';
import type { PackedImage } from '../../core/vision/warp-gray.js';
import { decodeRaw, rectifyGray } from './fingerprint-frame.js';

/** A frame on its way through the gate, decoded, debanded and rectified once. */
interface GateFrame {
  frame: CameraFrame;
  raw?: PackedImage;
  /** The picture with a PWM display's bands divided out, as the reader sees it (the raw one when it shows none). */
  debanded?: PackedImage;
  /** The PWM bands divided out (deband-rows.ts); absent: none. */
  banding?: Banding;
  gray?: GrayImage;
}

/** The gate's picture: the screen at half its size in the camera picture (the limits' scale). */
const GATE_SCALE = 0.5;

/** The gate's picture width for this calibration (the screen at GATE_SCALE of its size in the camera picture). */
export function gatePictureWidth(calibration: ScreenCalibration): number {
  return Math.max(90, Math.round(screenSizeInCamera(calibration.screenCorners).width * GATE_SCALE));
}

/** Quality of the fused picture's JPEG: at 95 its loss is far below the noise the fusion took out. */
const FUSED_JPEG_QUALITY = 95;

export class GatedCapture {
  /** The camera's settings control, asked for once when a frame first fails on exposure; null: it has none. */
  private control?: CameraSettingsControl | null;
  /** The settings the gate first saw: a retake's shutter stays within bounds of these. */
  private baseline?: CameraSettings;
  /**
   * The last patch a bracketed frame found blank (its blocks): a look at the same screen burns out
   * the same blocks (but the few at its edge the noise tips either way), and a second frame would
   * find the same blank ground. On the Pi camera a shutter change restarts rpicam-vid (~1.5 s,
   * twice per bracket), so a look that repeats one (a step's verify, a look after a wait) is spared
   * it. Any other patch is bracketed.
   */
  private blankPatch?: ReadonlySet<number>;

  constructor(
    private readonly camera: CameraPort,
    private readonly calibration: ScreenCalibration,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly policy: RetakePolicy = defaultRetakePolicy,
  ) {}

  /** The frame a look reads, and how it was chosen. */
  async capture(asked: CaptureOptions): Promise<{ frame: CameraFrame; record: CaptureRecord }> {
    const { frame, record } = await captureThroughGate<GateFrame>(
      {
        take: async (after) => ({
          frame: await this.camera.capture({
            newerThan: after ? after.frame.capturedAt : asked.newerThan,
            timeoutMs: asked.timeoutMs,
          }),
        }),
        measure: async (frame, before) => this.measure(frame, before),
        fuse: async (frames) => this.fuse(frames),
        exposure: {
          correct: async (problems) => this.correctExposure(problems),
          undo: async (change) => this.undoExposure(change),
        },
        clock: this.clock,
      },
      this.policy,
    );
    return (await this.bracket(frame, record, asked)) ?? { frame: frame.frame, record };
  }

  /**
   * The chosen frame with a patch burnt out whole filled in from a frame at a shorter shutter, and
   * the record saying so; undefined (no frame taken) when the camera takes no settings or no patch
   * is large enough to hide a line.
   */
  private async bracket(
    chosen: GateFrame,
    record: CaptureRecord,
    asked: CaptureOptions,
  ): Promise<{ frame: CameraFrame; record: CaptureRecord } | undefined> {
    const { control, current } = await this.settingsNow();
    if (!control || !current) return undefined;
    chosen.raw ??= await decodeRaw(chosen.frame.image);
    const spot = clippedSpot(chosen.raw, this.calibration.screenCorners, this.calibration.deviceSize);
    if (spot.share < MIN_SPOT_SHARE) return undefined;
    if (this.blankPatch && samePatch(spot.blocks, this.blankPatch)) return undefined;
    const shutterUs = bracketShutterUs(current.shutterUs, control.shutterLimitsUs?.minUs);
    if (shutterUs >= current.shutterUs) return undefined;
    const startedAt = this.clock.now();
    await control.apply({ ...current, shutterUs });
    let short: CameraFrame;
    try {
      short = await this.camera.capture({ newerThan: chosen.frame.capturedAt, timeoutMs: asked.timeoutMs });
    } finally {
      // The looks after are taken at the shutter the gate chose: the short one is for the patch alone.
      await control.apply(current);
    }
    const shortRaw = await decodeRaw(short.image);
    const filled = inkUnderSpot(shortRaw, spot);
    const taken = {
      ...record,
      tries: record.tries + 1,
      elapsedMs: record.elapsedMs + (this.clock.now() - startedAt),
      bracket: { shutterUs, spotShare: Math.round(spot.share * 1000) / 1000, filled },
    };
    this.blankPatch = filled ? undefined : new Set(spot.blocks);
    if (!filled) return { frame: chosen.frame, record: taken };
    const fused: GateFrame = await this.encoded(fillClippedSpot(chosen.raw, shortRaw), chosen.frame);
    const problems = judgeFrame(await this.measure(fused), this.policy.limits);
    return {
      frame: fused.frame,
      record: { ...taken, chosen: problems.length ? 'best_of_failed' : 'bracketed', problems },
    };
  }

  private async correctExposure(problems: readonly GateProblem[]): Promise<ExposureChange | undefined> {
    const { control, current } = await this.settingsNow();
    if (!control || !current) return undefined;
    this.baseline ??= current;
    const retake = exposureRetake(problems, current, this.baseline, control.shutterLimitsUs);
    if (!retake) return undefined;
    await control.apply(retake.settings);
    return retake.change;
  }

  private async undoExposure(change: ExposureChange): Promise<ExposureChange | undefined> {
    const { control, current } = await this.settingsNow();
    if (!control || !current) return undefined;
    await control.apply({ ...current, shutterUs: change.fromUs });
    return { because: 'undone', fromUs: current.shutterUs, toUs: change.fromUs };
  }

  /** The camera's settings control (asked for once) and the settings it runs at; undefined: none to change. */
  private async settingsNow(): Promise<{ control?: CameraSettingsControl; current?: CameraSettings }> {
    if (this.control === undefined) {
      const support = await this.camera.settingsControl?.();
      this.control = support?.ok ? support.control : null;
    }
    if (!this.control) return {};
    return { control: this.control, current: this.control.current?.() };
  }

  /**
   * The gate's measures of the picture the reader sees, a PWM display's bands divided out (against
   * the bands' edges, a still screen measured 8 px of movement between frames, and no banded frame
   * was ever fused); its banding and clipping are the raw picture's: bands divided out still cost
   * the dark bands' light (their text at a fraction of its contrast, the noise lifted with it),
   * which fusing frames whose bands lie elsewhere mends, and the sensor clipped what the raw
   * picture shows (dividing the bands out lifts every row to the brightest bands' light, clipping
   * whites the sensor did not: no exposure to correct).
   */
  private async measure(frame: GateFrame, before?: GateFrame): Promise<FrameMeasures> {
    const measures = measureFrame(await this.grayOf(frame), before && (await this.grayOf(before)));
    if (frame.debanded === frame.raw) return measures;
    const raw = this.rectify(frame.raw!);
    return { ...measures, ...clippingOf(raw), banding: bandingOf(raw) };
  }

  private async grayOf(frame: GateFrame): Promise<GrayImage> {
    frame.raw ??= await decodeRaw(frame.frame.image);
    if (!frame.debanded) {
      const { image, banding } = debandRows(frame.raw, this.calibration.screenCorners);
      frame.debanded = image;
      if (banding) frame.banding = banding;
    }
    frame.gray ??= this.rectify(frame.debanded);
    return frame.gray;
  }

  private rectify(picture: PackedImage): GrayImage {
    return rectifyGray(picture, this.calibration, gatePictureWidth(this.calibration));
  }

  private async fuse(frames: GateFrame[]): Promise<GateFrame> {
    for (const frame of frames) await this.grayOf(frame);
    // A PWM display's frames fused each row by its light in each frame, the bands divided out
    // (burst-fusion.ts fuseBandedFrames): their dark bands lie in other rows, and each row comes
    // mostly from the frames that had its light; a median of the banded frames kept part of every
    // band. Frames without bands: the median.
    const raw = frames.some((frame) => frame.banding)
      ? fuseBandedFrames(
          frames.map((frame) => ({ image: frame.raw!, ...(frame.banding ? { banding: frame.banding } : {}) })),
        )
      : fuseFrames(frames.map((frame) => frame.raw!));
    return this.encoded(raw, frames.at(-1)!.frame);
  }

  /** A picture made from frames, encoded as the reader takes camera pictures, in the place of `like`. */
  private async encoded(raw: PackedImage, like: CameraFrame): Promise<GateFrame> {
    const image = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels as 3 } })
      .jpeg({ quality: FUSED_JPEG_QUALITY })
      .toBuffer();
    return {
      frame: { ...like, image: new Uint8Array(image.buffer, image.byteOffset, image.length), format: 'jpeg' },
      raw,
    };
  }
}

/**
 * Blocks shared over blocks in either: at least this, the same patch. Two frames of one white page
 * shared 0.90 (the noise tips a block at the patch's edge either way); a page that changed moves
 * its blank ground, and a line that came into the patch leaves a hole in it. The risk kept: a
 * lamp's spot over blank ground, then text under that very spot and the rest of the page's ground
 * unchanged, is not bracketed again.
 */
const SAME_PATCH = 0.85;

/** Whether two patches are one, but for a few blocks at the edge. */
function samePatch(blocks: readonly number[], before: ReadonlySet<number>): boolean {
  const shared = blocks.filter((block) => before.has(block)).length;
  return shared >= SAME_PATCH * (blocks.length + before.size - shared);
}

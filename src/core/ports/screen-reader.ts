// The screen-reading port: one camera picture (or a device screenshot) in, a screen model out,
// with how it was obtained. The real reader rectifies, preprocesses, reads by OCR and builds the
// model (src/adapters/observer-camera/screen-reader.ts), reading again only what changed. Pure types.
import type { ScreenCalibration } from '../vision/calibration.js';
import type { Band } from '../vision/changed-regions.js';
import type { ContentFingerprint } from '../vision/content-fingerprint.js';
import type { FrameStats } from '../vision/frame-stats.js';
import type { ScreenModel } from '../vision/screen-model.js';
import type { ReadFrom } from '../vision/ocr-line.js';

export interface ScreenReading {
  model: ScreenModel;
  stats: FrameStats;
  /**
   * How the reading was obtained: from the byte cache, the last reading reused because the
   * content did not change (the status bar's text may be stale), by reading bands again, or the whole screen.
   */
  source: 'cache' | 'unchanged' | 'bands' | 'full';
  /** The rows read again, in device pixels (the whole height for a full read). */
  bands: Band[];
  /** Why the whole screen was read (absent for other sources). */
  fullBecause?: string;
  /** The content fingerprint of this frame (see content-fingerprint.ts). */
  content: ContentFingerprint;
  timings: { prepareMs: number; ocrMs: number; fingerprintMs: number };
}

/** About the picture given to read. */
export interface ReadOptions {
  /** The picture itself: every line read from it says so (OcrLine.readFrom); a line carried over keeps its own. */
  taken?: ReadFrom;
  /** Read every line from this picture: nothing reused from the last reading, carried over or cached. */
  anew?: boolean;
}

export interface ScreenReaderPort {
  read(image: Uint8Array, options?: ReadOptions): Promise<ScreenReading>;
  /** Forgets the previous frame: the next read is a whole one. */
  reset(): void;
}

/** What the reader reads: camera pictures of a calibrated screen, or device screenshots. */
export type ScreenInput = { kind: 'camera'; calibration: ScreenCalibration } | { kind: 'screenshot' };

// The observer port: one look at the device — a camera frame read into a screen model, with a
// verdict on whether it is fit to act on. The real observer is camera + preprocessing + OCR;
// the fake reads a virtual device's ground truth. Pure types.
import type { CameraFrame } from './camera.js';
import type { QualityVerdict } from '../vision/quality.js';
import type { ContentFingerprint } from '../vision/content-fingerprint.js';
import type { ScreenModel } from '../vision/screen-model.js';
import type { Box } from '../vision/ocr-line.js';
import type { CaptureRecord } from '../vision/retake-policy.js';

export interface Observation {
  /** Monotonic ms (the agent's clock) when the picture was taken. */
  at: number;
  screen: ScreenModel;
  quality: QualityVerdict;
  /**
   * The app's content area as a small picture (bars left out): compare two with compareContent
   * (src/core/vision/compare-content.ts) to tell a real change from camera noise. Pixel and truth
   * fingerprints do not compare with each other. Absent from fakes that cannot make one.
   */
  content?: ContentFingerprint;
  /** How the picture read was chosen by the quality gate (retaken, fused, none passed); absent without a gate. */
  capture?: CaptureRecord;
  /** The picture itself, for vision models and the run report; absent from fakes. */
  frame?: CameraFrame;
}

export interface ObserveOptions {
  /** Only a picture taken after this moment will do (e.g. after an action). */
  newerThan?: number;
  timeoutMs?: number;
  /**
   * Read every line of the picture anew: none carried over from an earlier picture (a check that
   * found what it looks for only in a line read before the action asks for this).
   */
  readAnew?: boolean;
}

/** How to read one field again (a typed text checked): see ObserverPort.readField. */
export interface FieldReadOptions {
  /** The only characters the reading may hold (tesseract's whitelist); absent: any. */
  allowed?: string;
}

export interface FieldReading {
  /** The field's text read as one line, spaces collapsed. */
  text: string;
  /** 0..1. */
  confidence: number;
}

export interface ObserverPort {
  observe(options?: ObserveOptions): Promise<Observation>;
  /**
   * Reads the part of an observation's picture inside `box` (device pixels) again, alone, as one
   * line: the typed-text check's second look (core/agent/verify/typed-reread.ts). Absent where
   * there is no picture to read (fakes reading a device's truth); undefined when the box cannot be read.
   */
  readField?(observation: Observation, box: Box, options?: FieldReadOptions): Promise<FieldReading | undefined>;
  describe(): string;
  close(): Promise<void>;
}

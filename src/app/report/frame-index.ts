// What the frame keeper leaves in STATE_DIR/frames/ for the run report: the pictures the agent
// acted on, the OCR lines read from each (device pixels), the calibration that places the screen
// in the camera picture, and the approvals asked during the run. Pure types and names.
import type { Box } from '../../core/vision/screen-model.js';

export const FRAMES_DIR = 'frames';
/** One JSON object per line: FrameIndexEntry. Append-only; a dropped picture leaves its line. */
export const FRAME_INDEX_FILE = 'index.jsonl';
export const FRAME_CALIBRATION_FILE = 'calibration.json';

/**
 * before: the picture an action was decided on (the observation before the act);
 * after: the picture the verification ended on; last: the last look of a step not kept otherwise.
 */
export type FrameRole = 'before' | 'after' | 'last';

export interface FrameEntry {
  type: 'frame';
  /** The picture, as the camera delivered it (JPEG or PNG), relative to frames/. */
  file: string;
  /** FrameLines JSON beside it, relative to frames/. */
  lines: string;
  step: number;
  role: FrameRole;
  commandId?: number;
  callId?: string;
  /** The run (result.json's runId) when the picture was kept, where known. */
  runId?: string;
  savedAt: string;
  bytes: number;
}

export interface ApprovalEntry {
  type: 'approval';
  at: string;
  step: number;
  tool: string;
  summary: string;
  approved: boolean;
  by: string;
}

export type FrameIndexEntry = FrameEntry | ApprovalEntry;

export interface FrameLines {
  deviceSize: { width: number; height: number };
  camera: { width: number; height: number; format: 'jpeg' | 'png'; sequence: number };
  /** Mean word confidence, 0..1. */
  confidence: number;
  quality: { ok: boolean; problems: string[] };
  lines: { text: string; box: Box; confidence: number }[];
}

export interface FrameCalibration {
  deviceSize: { width: number; height: number };
  /** Device (0,0), (W,0), (W,H), (0,H) in camera pixels. */
  screenCorners: { x: number; y: number }[];
}

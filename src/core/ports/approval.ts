// Asking a person: the terminal now, MQTT operators later. A refusal or a timeout is an answer.
import type { CameraFrame } from './camera.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a person approving a tap should see, in words and device pixels. */
export interface ApprovalContext {
  /** The screen's title, when it has one. */
  screenTitle?: string;
  /** The dialog, sheet, banner or toast the element belongs to (absent for the plain content). */
  region?: { kind: string; title?: string };
  /** The element the tap would hit, with its whole box (padding included). */
  element?: { kind: string; text: string; box: Box };
  /** Where the tap would land. */
  point?: { x: number; y: number };
}

/** A small picture of the screen around the tap (camera pixels, the tap marked), for the person. */
export interface ApprovalPicture {
  format: 'jpeg';
  base64: string;
  width: number;
  height: number;
}

export interface ApprovalRequest {
  id: string;
  tool: string;
  args: unknown;
  /** What the action would touch, in words ("tap on "Pay €42.00" at 540,1210"). */
  summary: string;
  /** The policy rule that asked. */
  rule: string;
  context?: ApprovalContext;
  /**
   * The camera picture the action was planned on. Only in memory, for the adapter that cuts the
   * picture around the tap; never stored or published as is.
   */
  frame?: CameraFrame;
  /** The crop a picture-making wrapper adds (src/app/bench/approval-picture.ts). */
  picture?: ApprovalPicture;
}

export type ApprovalAnswer = { approved: true; by: string } | { approved: false; by: string; reason: string };

export interface ApprovalPort {
  ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer>;
}

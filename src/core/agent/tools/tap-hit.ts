// What a tap lands on, and the last tap of a run with what the screen showed right after it:
// shared by the tools, the typing focus rule and the loop. Pure types.
import type { Observation } from '../../ports/observer.js';

/** What a tap would land on: the element under the point and the region it belongs to. */
export interface TapHit {
  text: string;
  kind: string;
  region: string;
  regionTitle?: string;
  unasked: boolean;
  box: { x: number; y: number; width: number; height: number };
}

/** The last tap of a run and what the screen showed right after it (for the typing focus rule). */
export interface LastTap {
  hit?: TapHit;
  target?: string;
  seenAfter: Observation;
  /** The look the tap was planned on: a focus tap that changed nothing on it may have missed (typing-focus.ts). */
  seenBefore?: Observation;
}

// The journal's vocabulary: physical actions, what should show after them, and the journal's
// lines. Its own file so the port (run-store.ts) and the journal's readers (core/state) share it
// without importing each other. Pure types.
import type { Anchors } from '../vision/match-elements.js';
import type { ActionOutcome } from './mcu.js';
import type { PackedFingerprint } from '../vision/packed-fingerprint.js';

export type PhysicalAction =
  | {
      kind: 'tap';
      device: { x: number; y: number };
      actuator: { x: number; y: number };
      holdMs?: number;
      target?: string;
    }
  | { kind: 'type'; text: string; secret?: boolean }
  | { kind: 'key'; key: string; mods?: string[]; holdMs?: number }
  /** One ledgered SWIPE: the path in device pixels and in actuator units, point for point. */
  | {
      kind: 'swipe';
      device: { x: number; y: number }[];
      actuator: { x: number; y: number }[];
      durationMs: number;
      holdMs?: number;
      target?: string;
      endTarget?: string;
    }
  | {
      kind: 'long_press';
      device: { x: number; y: number };
      actuator: { x: number; y: number };
      durationMs: number;
      target?: string;
    };

/** What should show on screen after an action (recovery checks it on the fresh picture). */
export type JournalExpectation =
  | { kind: 'none' }
  | { kind: 'screen_changes' }
  | { kind: 'text_appears'; text: string; where?: ExpectationPlace }
  | { kind: 'text_gone'; text: string; where?: ExpectationPlace };

/** Where an expected text must show, and whether a run of words inside a longer element will do. */
export type ExpectationPlace = Anchors & { contains?: boolean; ending?: boolean };

/**
 * The journal's lines. `run` opens every run (first or resumed) and names its continuation, so
 * a result file can be checked against the journal beside it. `intent` is written before an
 * action is sent, `outcome` after the MCU answers, `verified` after looking again. An intent is
 * `repeatable` when doing it twice is harmless (a focus tap on a text field): recovery may
 * repeat it when its fate is unknown instead of stopping.
 */
export type JournalRecord =
  | { type: 'run'; at: string; runId: string; continuationId: string; step: number }
  | {
      type: 'intent';
      at: string;
      runId: string;
      step: number;
      commandId: number;
      tool: string;
      action: PhysicalAction;
      expectation: JournalExpectation;
      callId: string;
      screenBefore: string;
      contentBefore?: PackedFingerprint;
      repeatable?: boolean;
    }
  | { type: 'outcome'; at: string; runId: string; step: number; commandId: number; outcome: ActionOutcome }
  | { type: 'verified'; at: string; runId: string; step: number; commandId: number; met: boolean; detail: string };

// The journal's vocabulary and its one definition: physical actions, what should show after them,
// and the journal's lines. The lines are a zod schema and their types are inferred from it, so
// what the loop writes and what recovery accepts when reading back cannot drift apart. Only the
// fields recovery reads are checked strictly; the rest of an action or an outcome is kept as
// written: checked by kind, typed by the port's own types (the `transform`s below name them). Its own file so the port
// (run-store.ts) and the journal's readers (core/state) share it without importing each other.
import { z } from 'zod';
import type { Anchors } from '../vision/match-elements.js';
import type { ActionOutcome } from './mcu.js';
import { packedFingerprintSchema } from '../vision/packed-fingerprint.js';

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

/** Where an expected text must show, and whether a run of words inside a longer element will do. */
export type ExpectationPlace = Anchors & { contains?: boolean; ending?: boolean };

const base = { at: z.string(), runId: z.string().min(1), step: z.number().int().min(0) };
const commandId = z.number().int().min(0);
// `where` (region, anchors, contains, ending) is kept as written: recovery judges an in-doubt
// action by the same place the loop would have (a strict parse dropped it, and "Family below
// Climbing club" became "Family anywhere": a drag that had not happened was taken as done).
const where = z
  .looseObject({})
  .transform((kept) => kept as ExpectationPlace)
  .optional();
const expectation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('screen_changes') }),
  z.object({ kind: z.literal('text_appears'), text: z.string(), where }),
  z.object({ kind: z.literal('text_gone'), text: z.string(), where }),
]);
const action = z
  .looseObject({ kind: z.enum(['tap', 'type', 'key', 'swipe', 'long_press']) })
  .transform((kept) => kept as PhysicalAction);
const outcome = z
  .looseObject({ kind: z.enum(['done', 'already', 'refused', 'failed', 'mismatch', 'stale', 'indeterminate']) })
  .transform((kept) => kept as ActionOutcome);

/**
 * The journal's lines. `run` opens every run (first or resumed) and names its continuation, so
 * a result file can be checked against the journal beside it. `intent` is written before an
 * action is sent, `outcome` after the MCU answers, `verified` after looking again. An intent is
 * `repeatable` when doing it twice is harmless (a focus tap on a text field): recovery may
 * repeat it when its fate is unknown instead of stopping.
 */
export const journalRecordSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run'), ...base, continuationId: z.string().min(1) }).loose(),
  z
    .object({
      type: z.literal('intent'),
      ...base,
      commandId,
      tool: z.string(),
      action,
      expectation,
      callId: z.string(),
      screenBefore: z.string(),
      contentBefore: packedFingerprintSchema.optional(),
      repeatable: z.boolean().optional(),
      // How the quality gate chose the picture the action was planned on (core/vision/retake-policy.ts).
      look: z
        .object({
          chosen: z.enum(['first', 'retaken', 'fused', 'bracketed', 'best_of_failed']),
          tries: z.number().int().min(1),
          fused: z.number().int().min(1),
        })
        .loose()
        .optional(),
    })
    .loose(),
  z.object({ type: z.literal('outcome'), ...base, commandId, outcome }).loose(),
  z.object({ type: z.literal('verified'), ...base, commandId, met: z.boolean(), detail: z.string() }).loose(),
]);

export type JournalRecord = z.output<typeof journalRecordSchema>;

/** What should show on screen after an action (recovery checks it on the fresh picture). */
export type JournalExpectation = z.output<typeof expectation>;

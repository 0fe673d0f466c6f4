// What a journal line must hold for recovery to rely on it. Only the fields recovery reads are
// checked strictly; the rest of an action or an outcome is kept as written. Pure.
import { z } from 'zod';
import type { JournalRecord } from '../ports/journal-record.js';
import { packedFingerprintSchema } from '../vision/packed-fingerprint.js';

const base = { at: z.string(), runId: z.string().min(1), step: z.number().int().min(0) };
const commandId = z.number().int().min(0);
const expectation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('screen_changes') }),
  // `where` (region, anchors, contains, ending) is kept as written: recovery judges an in-doubt
  // action by the same place the loop would have (a strict parse dropped it, and "Family below
  // Climbing club" became "Family anywhere": a drag that had not happened was taken as done).
  z.object({ kind: z.literal('text_appears'), text: z.string(), where: z.looseObject({}).optional() }),
  z.object({ kind: z.literal('text_gone'), text: z.string(), where: z.looseObject({}).optional() }),
]);
const action = z.looseObject({ kind: z.enum(['tap', 'type', 'key', 'swipe', 'long_press']) });
const outcome = z.looseObject({
  kind: z.enum(['done', 'already', 'refused', 'failed', 'mismatch', 'stale', 'indeterminate']),
});

export const journalRecordSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('run'), ...base, continuationId: z.string().min(1) }),
  z.looseObject({
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
  }),
  z.looseObject({ type: z.literal('outcome'), ...base, commandId, outcome }),
  z.looseObject({ type: z.literal('verified'), ...base, commandId, met: z.boolean(), detail: z.string() }),
]);

/** The record, or the first problem in words (a field path and the rule; no value quoted). */
export function checkJournalRecord(
  value: unknown,
): { ok: true; record: JournalRecord } | { ok: false; problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      ok: false,
      problem: `it is ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}, not a record object`,
    };
  const checked = journalRecordSchema.safeParse(value);
  if (checked.success) return { ok: true, record: checked.data as unknown as JournalRecord };
  const issue = checked.error.issues[0]!;
  const field = issue.path.join('.') || 'type';
  const rule =
    issue.code === 'invalid_union' || field === 'type'
      ? 'must be one of run, intent, outcome, verified'
      : issue.message;
  return { ok: false, problem: `field ${field}: ${rule}` };
}

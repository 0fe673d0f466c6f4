// Reading one journal line back: the record (its schema and types are one definition, in
// core/ports/journal-record.ts), or the first problem in words. Pure.
import { journalRecordSchema, type JournalRecord } from '../ports/journal-record.js';

export { journalRecordSchema };

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
  if (checked.success) return { ok: true, record: checked.data };
  const issue = checked.error.issues[0]!;
  const field = issue.path.join('.') || 'type';
  const rule =
    issue.code === 'invalid_union' || field === 'type'
      ? 'must be one of run, intent, outcome, verified'
      : issue.message;
  return { ok: false, problem: `field ${field}: ${rule}` };
}

// The record's timestamps must be real ISO 8601 times and not lie in the future: "not a date"
// made the age check compare NaN (and pass), and a savedAt a year ahead made a stale record look
// fresh. A little skew is allowed (two clocks, a Pi setting its clock at boot). Pure.
import type { JournalRecord } from '../ports/run-store.js';
import type { Checkpoint } from '../state/checkpoint.js';

/** How far ahead of this machine's clock a record may be (seconds of skew, not a year). */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch, or undefined for anything that is not an ISO 8601 time. */
export function parseTimestamp(text: string): number | undefined {
  if (!ISO_8601.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

/** The first timestamp that does not parse or lies in the future, in words; undefined when all are sound. */
export function timestampProblem(
  checkpoint: Checkpoint,
  records: readonly JournalRecord[],
  nowMs: number,
  files: { result: string; journal: string },
): string | undefined {
  const stamps: [string, string][] = [
    [`${files.result} field savedAt`, checkpoint.savedAt],
    ...checkpoint.errors.map((e, i): [string, string] => [`${files.result} field errors.${i}.at`, e.at]),
    ...(checkpoint.lastVerifiedScreen
      ? [[`${files.result} field lastVerifiedScreen.at`, checkpoint.lastVerifiedScreen.at] as [string, string]]
      : []),
  ];
  for (const [where, text] of stamps) {
    const problem = judge(where, text, nowMs);
    if (problem) return problem;
  }
  for (let i = 0; i < records.length; i++) {
    const problem = judge(`${files.journal} record ${i + 1} field at`, records[i]!.at, nowMs);
    if (problem) return problem;
  }
  return undefined;
}

function judge(where: string, text: string, nowMs: number): string | undefined {
  const ms = parseTimestamp(text);
  if (ms === undefined)
    return `${where} is not an ISO 8601 time (${text.length} characters): the record is damaged or was edited by hand, so its age cannot be judged. Nothing was sent to the device; inspect the file, or start over with \`benchhand run --fresh\`.`;
  if (ms > nowMs + FUTURE_TOLERANCE_MS) {
    const ahead = Math.round((ms - nowMs) / 60000);
    return `${where} is ${ahead} min ahead of this machine's clock (${new Date(nowMs).toISOString()}): either the record is damaged or the clock is wrong. Nothing was sent to the device; check the clock (timedatectl), then resume again, or start over with \`benchhand run --fresh\`.`;
  }
  return undefined;
}

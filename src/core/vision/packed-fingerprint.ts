// A content fingerprint packed for the journal: the cells as one byte each in base64 (about 5 KB
// for a phone screen, against 12 KB as a JSON list), so recovery can compare the picture an action
// was planned on with a fresh one by pixels instead of by OCR text. 8 dp cells of mean gray cannot
// be read back as text, so a secret on screen does not leak through it. Pure.
import { z } from 'zod';
import type { ContentFingerprint } from './content-fingerprint.js';
import type { Box } from './ocr-line.js';

const box = z.object({ x: z.number(), y: z.number(), width: z.number().min(0), height: z.number().min(0) }).strict();

export const packedFingerprintSchema = z
  .object({
    area: box,
    columns: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
    /** One byte per cell, row by row, base64. */
    cells: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'must be base64' }),
    evidence: z.enum(['pixels', 'truth']),
    /** Boxes of this look that go by themselves (toasts): not compared (compare-content.ts). */
    passing: z.array(box).max(20).optional(),
  })
  .strict();

export type PackedFingerprint = z.output<typeof packedFingerprintSchema>;

export function packFingerprint(print: ContentFingerprint, passing: readonly Box[] = []): PackedFingerprint {
  let bytes = '';
  for (const cell of print.cells) bytes += String.fromCharCode(Math.max(0, Math.min(255, Math.round(cell))));
  return {
    area: { ...print.area },
    columns: print.columns,
    rows: print.rows,
    cells: btoa(bytes),
    evidence: print.evidence,
    ...(passing.length ? { passing: passing.slice(0, 20).map((b) => ({ ...b })) } : {}),
  };
}

/** The fingerprint, or undefined when the cells do not fill the grid it claims (a damaged record). */
export function unpackFingerprint(packed: PackedFingerprint): ContentFingerprint | undefined {
  let bytes: string;
  try {
    bytes = atob(packed.cells);
  } catch {
    return undefined;
  }
  if (bytes.length !== packed.columns * packed.rows) return undefined;
  const cells = Array.from(bytes, (character) => character.charCodeAt(0));
  return { area: { ...packed.area }, columns: packed.columns, rows: packed.rows, cells, evidence: packed.evidence };
}

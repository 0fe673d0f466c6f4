// The content fingerprint of a virtual device's ground truth, for the fake observer: the same
// 8 dp grid as the pixel fingerprint, each cell holding a value derived from the text whose box
// covers it (a hash of the text, so a changed word changes the cells it sits in) and from the
// state of a control drawn there (a toggle's on/off, a field's focus). Compares with
// compareContent like a pixel one, never with a pixel one (evidence 'truth'). Pure.
import type { Size } from './calibration.js';
import { gridOf, type ContentFingerprint } from './content-fingerprint.js';
import type { Box } from './screen-model.js';

export interface TruthItem {
  box: Box;
  text?: string;
  state?: string;
}

export function truthFingerprint(deviceSize: Size, items: TruthItem[]): ContentFingerprint {
  const { area, columns, rows } = gridOf(deviceSize);
  const cells = new Array<number>(columns * rows).fill(0);
  const cw = area.width / columns,
    ch = area.height / rows;
  for (const item of items) {
    const value = 1 + (hash(`${item.text ?? ''}\u0000${item.state ?? ''}`) % 254);
    const c0 = Math.max(0, Math.floor((item.box.x - area.x) / cw)),
      c1 = Math.min(columns - 1, Math.floor((item.box.x + item.box.width - 1 - area.x) / cw));
    const r0 = Math.max(0, Math.floor((item.box.y - area.y) / ch)),
      r1 = Math.min(rows - 1, Math.floor((item.box.y + item.box.height - 1 - area.y) / ch));
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) cells[r * columns + c] = (cells[r * columns + c]! + value) % 256;
  }
  return { area, columns, rows, cells, evidence: 'truth' };
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

// The OCR corpus's ground truth is the text a person sees on the frame: a text run drawn and
// then covered by a later opaque shape (a heads-up notification over the page's title, a toast's
// pill over a list row) is not on the picture, so it is not truth. The renderer already drops
// runs under a dialog's card (`covered`); this drops the rest by geometry. A run counts as hidden
// when opaque shapes drawn after it cover at least half of its box; a scrim (opacity 0.5) dims
// but does not hide, so text behind a dialog's scrim stays truth. Text never hides text.
import type { Box, Shape, TextRun, View } from '../../src/sim/device/view.js';

/** At or above this opacity a shape hides what is under it. */
const OPAQUE = 0.95;
/** A run with at least this share of its box under opaque shapes is hidden. */
const HIDDEN_SHARE = 0.5;

export function visibleTextRuns(view: Pick<View, 'shapes'>): TextRun[] {
  const runs: TextRun[] = [];
  view.shapes.forEach((shape, index) => {
    if (shape.kind !== 'text' || shape.run.covered) return;
    const covers = view.shapes.slice(index + 1).flatMap(opaqueBox);
    if (coveredShare(shape.run.box, covers) < HIDDEN_SHARE) runs.push(shape.run);
  });
  return runs;
}

function opaqueBox(shape: Shape): Box[] {
  if (shape.kind === 'rect')
    return shape.fill !== 'none' && (shape.opacity ?? 1) >= OPAQUE && shape.box.width > 0 ? [shape.box] : [];
  if (shape.kind === 'circle' && shape.fill !== 'none')
    return [{ x: shape.cx - shape.r, y: shape.cy - shape.r, width: 2 * shape.r, height: 2 * shape.r }];
  if (shape.kind === 'polygon' && shape.fill !== 'none') {
    const xs = shape.points.map((p) => p[0]),
      ys = shape.points.map((p) => p[1]);
    const x = Math.min(...xs),
      y = Math.min(...ys);
    return [{ x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }];
  }
  return [];
}

/** Share of the box's area under the union of the covers (counted on a 4 x 4 px grid: boxes are small). */
export function coveredShare(box: Box, covers: Box[]): number {
  const near = covers.filter(
    (c) => c.x < box.x + box.width && box.x < c.x + c.width && c.y < box.y + box.height && box.y < c.y + c.height,
  );
  if (!near.length || box.width <= 0 || box.height <= 0) return 0;
  let inside = 0,
    total = 0;
  for (let y = box.y + 2; y < box.y + box.height; y += 4)
    for (let x = box.x + 2; x < box.x + box.width; x += 4) {
      total++;
      if (near.some((c) => x >= c.x && x < c.x + c.width && y >= c.y && y < c.y + c.height)) inside++;
    }
  return total ? inside / total : 0;
}

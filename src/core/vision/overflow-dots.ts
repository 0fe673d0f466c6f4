// An overflow menu's button: three dots one above the other (Material's "more" icon, ⋮: 4 dp
// discs 6 dp apart), drawn alone at a list row's end or in a toolbar. It has no label and its
// dots are narrower than any icon toolbar-icons.ts takes, so neither a screenshot nor a camera
// picture made it a target (30 of a real app's 52 icon buttons were these). Three ink groups of a
// dot's size, their centres in one column at an even pitch, nothing else inked beside them: a
// button without a label, its box the 48 dp touch target round the middle dot. A colon has two
// dots; a bullet list's dots lie a line apart; a drag handle's two columns are not alone. Pure.
import type { CellGroup } from './connected-groups.js';
import type { InkCells } from './ink-cells.js';
import { toDeviceBox, type LayoutPicture } from './layout-pixels.js';
import type { ShapeHint } from './screen-elements.js';

/** A dot, dp each way (4 drawn; a camera's blur makes it 5.6). */
const DOT = { min: 2.5, max: 7.5 };
/** Centre to centre, dp (6 drawn), the two gaps within 1.5 dp of each other. */
const PITCH = { min: 4, max: 9, even: 1.5 };
/** Nothing else inked this close beside the dots (dp), nor this close above and below. */
const APART = { side: 8, ends: 4 };
/** A touch target's side, dp. */
const TARGET_DP = 48;

type Box = { c0: number; c1: number; r0: number; r1: number };

export function overflowDots(picture: LayoutPicture, ink: InkCells, groups: readonly CellGroup[]): ShapeHint[] {
  const cellsPerDp = picture.px / ink.cell;
  const dp = (cells: number) => cells / cellsPerDp;
  // Groups of a dot's width, stacked in one column (through the camera two dots' blur can touch,
  // one group two dots tall), gathered into columns.
  const narrow = groups
    .filter(
      (g) => dp(g.c1 - g.c0 + 1) >= DOT.min && dp(g.c1 - g.c0 + 1) <= DOT.max && dp(g.r1 - g.r0 + 1) <= 3 * DOT.max,
    )
    .sort((a, b) => a.r0 - b.r0);
  const columns: Box[] = [];
  for (const g of narrow) {
    const above = columns.find(
      (column) =>
        Math.abs(column.c0 + column.c1 - g.c0 - g.c1) / 2 <= 1.5 * cellsPerDp && g.r0 - column.r1 <= 3 * cellsPerDp,
    );
    if (above)
      Object.assign(above, {
        c0: Math.min(above.c0, g.c0),
        c1: Math.max(above.c1, g.c1),
        r1: Math.max(above.r1, g.r1),
      });
    else columns.push({ c0: g.c0, c1: g.c1, r0: g.r0, r1: g.r1 });
  }
  const found: ShapeHint[] = [];
  for (const column of columns) {
    const dots = dotRuns(ink, column);
    if (dots.length !== 3) continue;
    if (dots.some((dot) => dp(dot.r1 - dot.r0 + 1) < DOT.min || dp(dot.r1 - dot.r0 + 1) > DOT.max)) continue;
    const centres = dots.map((dot) => (dot.r0 + dot.r1 + 1) / 2);
    const pitches = [centres[1]! - centres[0]!, centres[2]! - centres[1]!];
    if (pitches.some((pitch) => dp(pitch) < PITCH.min || dp(pitch) > PITCH.max)) continue;
    if (dp(Math.abs(pitches[0]! - pitches[1]!)) > PITCH.even) continue;
    if (!alone(ink, column, Math.round(APART.side * cellsPerDp), Math.round(APART.ends * cellsPerDp))) continue;
    const half = (TARGET_DP / 2) * picture.px;
    const x = ((column.c0 + column.c1 + 1) / 2) * ink.cell,
      y = centres[1]! * ink.cell;
    found.push({
      kind: 'button',
      icon: true,
      box: toDeviceBox(
        picture,
        Math.max(0, x - half),
        Math.max(0, y - half),
        Math.min(picture.image.width, x + half),
        Math.min(picture.image.height, y + half),
      ),
    });
  }
  return found;
}

/**
 * The column's dots: its runs of rows holding more ink than a thin neck (under half its width,
 * one cell at least): the blur that joins two dots leaves a neck a cell or two wide of five.
 */
function dotRuns(ink: InkCells, column: Box): Box[] {
  const neck = Math.max(1, Math.floor(0.45 * (column.c1 - column.c0 + 1)));
  const runs: Box[] = [];
  let start = -1;
  for (let r = column.r0; r <= column.r1 + 1; r++) {
    let count = 0;
    if (r <= column.r1) for (let c = column.c0; c <= column.c1; c++) count += ink.mask[r * ink.columns + c]!;
    if (count > neck && start < 0) start = r;
    if (count <= neck && start >= 0) {
      runs.push({ c0: column.c0, c1: column.c1, r0: start, r1: r - 1 });
      start = -1;
    }
  }
  return runs;
}

/** No ink `side` cells left and right of the box along its rows, nor `ends` cells above and below it. */
function alone(ink: InkCells, box: Box, side: number, ends: number): boolean {
  for (let r = box.r0 - ends; r <= box.r1 + ends; r++)
    for (let c = box.c0 - side; c <= box.c1 + side; c++) {
      if (c >= box.c0 && c <= box.c1 && r >= box.r0 && r <= box.r1) continue;
      if (c >= 0 && r >= 0 && c < ink.columns && r < ink.rows && ink.mask[r * ink.columns + c]) return false;
    }
  return true;
}

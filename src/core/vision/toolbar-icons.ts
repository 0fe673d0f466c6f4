// The icon-only buttons of an app's toolbar (Android's action bar: 56 dp below the 24 dp status
// bar): a search lens, a gear, an overflow's three dots, a back arrow. They carry no label, so the
// reader either reads nothing there or reads the glyph as a letter (a lens as "Q"). Each is a
// button without a label, its box the 48 dp touch target around the glyph; the glyph's "letter"
// is dropped (shape-glyphs.ts). An icon is a cluster of ink 12..26 dp each way in the bar's
// middle rows, standing 8 dp or more apart from any other ink on its row (a title's letters sit
// close together, and make a cluster wider than an icon). Pure.
import { connectedGroups, type CellGroup } from './connected-groups.js';
import type { InkCells } from './ink-cells.js';
import { toDeviceBox, type LayoutPicture } from './layout-pixels.js';
import type { ShapeHint } from './screen-elements.js';

/** The toolbar's rows, in dp from the top (below a 24 dp status bar, 56 dp tall). */
export const BAR = { top: 24, bottom: 80 };
/** An icon's glyph, dp: Material draws them in a 24 dp square, 18..22 dp of it inked. */
const GLYPH = { min: 12, max: 26 };
/** Ink parts of one glyph (the overflow's three dots, a lens and its handle) lie this close (dp). */
const SAME_GLYPH_DP = 3;
/** Nothing else inked this close (dp) beside an icon, on its rows. */
const APART_DP = 8;
/** Less ink than this (dp²) is a speck of noise; ink within EDGE_DP of the screen's side is the bezel's bleed. */
const SPECK_DP2 = 4,
  EDGE_DP = 2;
/** A touch target's side, dp. */
const TARGET_DP = 48;

export function toolbarIcons(picture: LayoutPicture, ink: InkCells): ShapeHint[] {
  const cellsPerDp = picture.px / ink.cell;
  const r0 = Math.round(BAR.top * cellsPerDp),
    r1 = Math.min(ink.rows, Math.round(BAR.bottom * cellsPerDp));
  const band = ink.mask.slice(r0 * ink.columns, r1 * ink.columns);
  // Through the camera: specks of noise where the vignette darkens a corner (under 2 x 2 dp of
  // ink) and the bezel's bleed down the screen's outer 2 dp are nothing, and merged into a gear's
  // cluster they hid it. Ink touching the band's top or bottom row runs on past the bar (a camera
  // picture's status bar a dp taller than drawn): no icon, and not merged with one; only kept to
  // hold an icon apart from it.
  const edge = EDGE_DP * cellsPerDp;
  const groups = connectedGroups(band, ink.columns, r1 - r0).filter(
    (group) => group.count >= SPECK_DP2 * cellsPerDp ** 2 && group.c1 >= edge && group.c0 < ink.columns - edge,
  );
  const across = (group: CellGroup) => group.r0 === 0 || group.r1 >= r1 - r0 - 1;
  const inside = mergeClose(
    groups.filter((group) => !across(group)),
    SAME_GLYPH_DP * cellsPerDp,
  );
  const clusters = [...inside, ...groups.filter(across)];
  const icons: ShapeHint[] = [];
  for (const cluster of inside) {
    const width = (cluster.c1 - cluster.c0 + 1) / cellsPerDp,
      height = (cluster.r1 - cluster.r0 + 1) / cellsPerDp;
    if (width < GLYPH.min || width > GLYPH.max || height < GLYPH.min || height > GLYPH.max) continue;
    const apart = clusters.every(
      (other) =>
        other === cluster ||
        other.r1 < cluster.r0 ||
        other.r0 > cluster.r1 ||
        Math.max(other.c0 - cluster.c1, cluster.c0 - other.c1) > APART_DP * cellsPerDp,
    );
    if (!apart) continue;
    const cx = ((cluster.c0 + cluster.c1 + 1) / 2) * ink.cell,
      cy = (r0 + (cluster.r0 + cluster.r1 + 1) / 2) * ink.cell,
      half = (TARGET_DP / 2) * picture.px;
    icons.push({
      kind: 'button',
      icon: true,
      box: toDeviceBox(picture, Math.max(0, cx - half), Math.max(0, cy - half), cx + half, cy + half),
    });
  }
  return icons;
}

/** Groups whose boxes lie within `gap` cells of each other, merged into one box (repeatedly). */
function mergeClose(groups: CellGroup[], gap: number): CellGroup[] {
  const merged = groups.map((group) => ({ ...group }));
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < merged.length && !changed; i++)
      for (let j = i + 1; j < merged.length && !changed; j++) {
        const a = merged[i]!,
          b = merged[j]!;
        const dx = Math.max(a.c0 - b.c1, b.c0 - a.c1),
          dy = Math.max(a.r0 - b.r1, b.r0 - a.r1);
        if (dx > gap || dy > gap) continue;
        merged[i] = {
          c0: Math.min(a.c0, b.c0),
          r0: Math.min(a.r0, b.r0),
          c1: Math.max(a.c1, b.c1),
          r1: Math.max(a.r1, b.r1),
          count: a.count + b.count,
        };
        merged.splice(j, 1);
        changed = true;
      }
  }
  return merged;
}

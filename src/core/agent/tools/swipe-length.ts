// How far a swipe from an element goes: by what is swiped, not by the screen or the label. A
// sideways swipe from a text moves the row holding it (a row spans its pane's width): from 80 % of
// the row's width across ROW_SWIPE_SHARE of it, past the 50 % Android's swipe-to-dismiss wants,
// whatever the label's length or place (a left-aligned label's centre is ~200 px from the edge, and
// a swipe from it to the edge dismissed nothing). An up or down swipe from a text moves the pane
// holding it (the list, the sheet): `distance` of the pane's height, kept inside the pane. Pure.
import type { Box } from '../../vision/screen-model.js';

type Point = { x: number; y: number };

/** The share of a row's width a sideways swipe from one of its texts moves across. */
export const ROW_SWIPE_SHARE = 0.6;
/** Where on the row that swipe starts, from the side it moves away from. */
const ROW_SWIPE_START = 0.8;

export function rowSwipe(row: Box, y: number, direction: 'left' | 'right'): [Point, Point] {
  const left = direction === 'left';
  const start = row.x + row.width * (left ? ROW_SWIPE_START : 1 - ROW_SWIPE_START);
  const end = start + (left ? -1 : 1) * row.width * ROW_SWIPE_SHARE;
  return [
    { x: Math.round(start), y: Math.round(y) },
    { x: Math.round(end), y: Math.round(y) },
  ];
}

/** An up or down swipe from `start`, `distance` of the pane's height, its end kept inside the pane. */
export function paneSwipe(pane: Box, start: Point, direction: 'up' | 'down', distance: number): [Point, Point] {
  const move = (direction === 'down' ? 1 : -1) * pane.height * distance;
  const y = Math.min(pane.y + pane.height - 1, Math.max(pane.y, start.y + move));
  return [
    { x: Math.round(start.x), y: Math.round(start.y) },
    { x: Math.round(start.x), y: Math.round(y) },
  ];
}

// A small picture of what the app shows: the mean gray of 8 dp cells over the content area of the
// rectified, device-aligned screen, with the status bar (its clock changes every minute) and the
// navigation bar left out. Two fingerprints compare in microseconds (compare-content.ts), which
// lets the observer skip OCR for an unchanged screen and lets the loop tell "the screen changed"
// from camera noise. A virtual device's truth gives the same shape from its text boxes. Pure.
import type { Size } from './calibration.js';
import type { GrayImage } from './gray-image.js';
import type { Box } from './screen-model.js';

export interface ContentFingerprint {
  /** The area the cells cover, in device pixels. */
  area: Box;
  columns: number;
  rows: number;
  /** Mean gray (0..255, rounded) per cell, row by row. */
  cells: number[];
  /** 'pixels' from a camera or screenshot; 'truth' from a virtual device's text boxes (not comparable with pixels). */
  evidence: 'pixels' | 'truth';
  /**
   * The same picture in 4 dp cells (DETAIL_CELL_DP): an 8 dp cell's mean hardly moves when one
   * digit of small text changes ("Page 1 of 5" -> "Page 2 of 5": 3 gray levels, under the noise
   * floor), a 4 dp cell's moves by 30. Compared with its own floor (compare-content.ts); absent from
   * truth fingerprints and the journal's packed ones.
   */
  detail?: ContentFingerprint;
}

/** A phone is about 360 dp wide; its status bar is 24 dp, its navigation bar 48 dp (Android). */
const DP_PER_WIDTH = 360;
/** Left out at the top: the status bar and 2 dp of margin (so a blurred clock never leaks in). */
const TOP_DP = 26;
const BOTTOM_DP = 48;
/** Cell edge: a 56 dp list row spans 7 cells, a 40x20 dp toggle track 5x2.5. */
export const CELL_DP = 8;
/** The detail layer's cell edge: a digit of 12 sp text fills most of a cell. */
export const DETAIL_CELL_DP = 4;

/** The content area (device pixels) of a screen of this size: below the status bar, above the navigation bar. */
export function contentArea(deviceSize: Size): Box {
  const dp = deviceSize.width / DP_PER_WIDTH;
  const top = Math.ceil(TOP_DP * dp),
    bottom = Math.ceil(BOTTOM_DP * dp);
  return { x: 0, y: top, width: deviceSize.width, height: Math.max(0, deviceSize.height - top - bottom) };
}

export function gridOf(deviceSize: Size, cellDp = CELL_DP): { area: Box; columns: number; rows: number } {
  const area = contentArea(deviceSize);
  const dp = deviceSize.width / DP_PER_WIDTH;
  return {
    area,
    columns: Math.max(1, Math.round(area.width / (cellDp * dp))),
    rows: Math.max(1, Math.round(area.height / (cellDp * dp))),
  };
}

/**
 * The fingerprint of a rectified screen picture whose pixels are the device's scaled by
 * image.width / deviceSize.width (any scale: the cells are means, so a half-size picture gives
 * nearly the same figures as a full one).
 */
export function fingerprintContent(image: GrayImage, deviceSize: Size, cellDp = CELL_DP): ContentFingerprint {
  const { area, columns, rows } = gridOf(deviceSize, cellDp);
  const sx = image.width / deviceSize.width,
    sy = image.height / deviceSize.height;
  const xs = edges(area.x * sx, area.width * sx, columns, image.width);
  const ys = edges(area.y * sy, area.height * sy, rows, image.height);
  const cells = new Array<number>(columns * rows).fill(0);
  for (let r = 0; r < rows; r++) {
    for (let y = ys[r]!; y < ys[r + 1]!; y++) {
      const row = y * image.width;
      for (let c = 0; c < columns; c++) {
        let sum = 0;
        for (let x = xs[c]!, end = xs[c + 1]!; x < end; x++) sum += image.data[row + x]!;
        cells[r * columns + c]! += sum;
      }
    }
    for (let c = 0; c < columns; c++) {
      const count = (ys[r + 1]! - ys[r]!) * (xs[c + 1]! - xs[c]!);
      cells[r * columns + c] = count ? Math.round(cells[r * columns + c]! / count) : 0;
    }
  }
  return { area, columns, rows, cells, evidence: 'pixels' };
}

/** The fingerprint with its detail layer (4 dp cells of the same picture). */
export function fingerprintWithDetail(image: GrayImage, deviceSize: Size): ContentFingerprint {
  return { ...fingerprintContent(image, deviceSize), detail: fingerprintContent(image, deviceSize, DETAIL_CELL_DP) };
}

/**
 * The rows of a rectified picture `height` pixels tall that fingerprintContent reads (a row of
 * slack each side of its rounding): a warp made only for the fingerprint may skip the others,
 * the status and navigation bars.
 */
export function fingerprintRows(deviceSize: Size, height: number): { from: number; to: number } {
  const { area } = gridOf(deviceSize);
  const sy = height / deviceSize.height;
  return {
    from: Math.max(0, Math.floor(area.y * sy) - 1),
    to: Math.min(height, Math.ceil((area.y + area.height) * sy) + 1),
  };
}

/** Cell boundaries along one axis, in image pixels (n + 1 integers). */
function edges(start: number, length: number, n: number, limit: number): number[] {
  return Array.from({ length: n + 1 }, (_, i) => Math.min(limit, Math.max(0, Math.round(start + (length * i) / n))));
}

/** The device-pixel box of a run of cells. */
export function cellsBox(
  print: Pick<ContentFingerprint, 'area' | 'columns' | 'rows'>,
  c0: number,
  r0: number,
  c1: number,
  r1: number,
): Box {
  const w = print.area.width / print.columns,
    h = print.area.height / print.rows;
  const x = Math.round(print.area.x + c0 * w),
    y = Math.round(print.area.y + r0 * h);
  return {
    x,
    y,
    width: Math.round(print.area.x + (c1 + 1) * w) - x,
    height: Math.round(print.area.y + (r1 + 1) * h) - y,
  };
}

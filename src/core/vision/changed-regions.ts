// Which horizontal bands of the rectified screen changed since the last frame (compare the
// rectified pictures before contrast steps: a global stretch moves every pixel). Both are
// reduced to block means (which averages sensor noise away), compared tile by tile, and changed
// tile rows are merged into padded bands that OCR reads again. Pure.
import type { GrayImage } from './gray-image.js';

export interface Band {
  y0: number;
  y1: number;
}

export interface ChangedRegions {
  bands: Band[];
  /** Fraction of tiles that changed (0..1). */
  changedFraction: number;
}

export interface ChangeOptions {
  /** Tile edge in pixels (default 24). */
  tile?: number;
  /** A tile changed when one of its 4x4 block means moved by more than this many levels (default 28). */
  threshold?: number;
  /** Pixels added above and below each band (default 12). */
  padding?: number;
}

export function changedRegions(previous: GrayImage, next: GrayImage, options: ChangeOptions = {}): ChangedRegions {
  if (previous.width !== next.width || previous.height !== next.height) {
    return { bands: [{ y0: 0, y1: next.height }], changedFraction: 1 };
  }
  const tile = options.tile ?? 24,
    threshold = options.threshold ?? 28,
    padding = options.padding ?? 12;
  const a = blockMeans(previous),
    b = blockMeans(next);
  const blocksPerTile = tile / 4;
  const tilesX = Math.ceil(a.width / blocksPerTile),
    tilesY = Math.ceil(a.height / blocksPerTile);
  const changedRows: boolean[] = [];
  let changedTiles = 0;
  for (let ty = 0; ty < tilesY; ty++) {
    let rowChanged = false;
    for (let tx = 0; tx < tilesX; tx++) {
      if (!tileChanged(a, b, tx * blocksPerTile, ty * blocksPerTile, blocksPerTile, threshold)) continue;
      changedTiles++;
      rowChanged = true;
    }
    changedRows.push(rowChanged);
  }
  return {
    bands: mergeRows(changedRows, tile, padding, next.height),
    changedFraction: changedTiles / (tilesX * tilesY),
  };
}

function blockMeans(image: GrayImage): GrayImage {
  const width = Math.floor(image.width / 4),
    height = Math.floor(image.height / 4);
  const out = new Uint8Array(width * height);
  for (let by = 0; by < height; by++) {
    for (let bx = 0; bx < width; bx++) {
      let sum = 0;
      for (let y = 0; y < 4; y++)
        for (let x = 0; x < 4; x++) sum += image.data[(by * 4 + y) * image.width + bx * 4 + x]!;
      out[by * width + bx] = sum / 16;
    }
  }
  return { data: out, width, height };
}

function tileChanged(a: GrayImage, b: GrayImage, x0: number, y0: number, size: number, threshold: number): boolean {
  for (let y = y0; y < Math.min(y0 + size, a.height); y++) {
    for (let x = x0, i = y * a.width + x0; x < Math.min(x0 + size, a.width); x++, i++) {
      if (Math.abs(a.data[i]! - b.data[i]!) > threshold) return true;
    }
  }
  return false;
}

function mergeRows(rows: boolean[], tile: number, padding: number, height: number): Band[] {
  const bands: Band[] = [];
  rows.forEach((changed, row) => {
    if (!changed) return;
    const y0 = Math.max(0, row * tile - padding),
      y1 = Math.min(height, (row + 1) * tile + padding);
    const last = bands.at(-1);
    if (last && y0 <= last.y1) last.y1 = y1;
    else bands.push({ y0, y1 });
  });
  return bands;
}

export function overlapsBand(box: { y: number; height: number }, band: Band): boolean {
  return box.y < band.y1 && box.y + box.height > band.y0;
}

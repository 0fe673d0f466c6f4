// A text detector's probability map (one value 0..1 per pixel: "text here") to the boxes of its
// lines, the post-processing PaddleOCR's DB detector is trained for: pixels above `threshold`
// joined into 4-connected regions, a region kept when its mean probability is at least
// `boxThreshold`, then grown by `unclip` (the map marks a shrunk core of each line: DB's
// offset = area × ratio / perimeter). Boxes are upright: the reader looks at upright screens
// (a camera frame is rectified first), so the rotated rectangles of the general case buy nothing.
// Pure.

export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The mean probability inside the region, 0..1. */
  score: number;
}

export interface TextBoxOptions {
  /** A pixel is text above this probability (PaddleOCR's det_db_thresh: 0.3). */
  threshold: number;
  /** A region is a line when its mean probability reaches this (det_db_box_thresh: 0.6). */
  boxThreshold: number;
  /** How far the shrunk core is grown back (det_db_unclip_ratio: 1.5). */
  unclip: number;
  /** Regions of fewer pixels are noise. */
  minPixels: number;
}

export const DB_DEFAULTS: TextBoxOptions = { threshold: 0.3, boxThreshold: 0.6, unclip: 1.5, minPixels: 3 };

/** Boxes in the map's pixels, clipped to it, top to bottom then left to right. */
export function textBoxes(
  probability: Float32Array,
  width: number,
  height: number,
  options: TextBoxOptions = DB_DEFAULTS,
): TextBox[] {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  const boxes: TextBox[] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || probability[start]! <= options.threshold) continue;
    let x0 = width,
      y0 = height,
      x1 = 0,
      y1 = 0,
      sum = 0,
      count = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const index = stack.pop()!;
      const x = index % width,
        y = (index - x) / width;
      sum += probability[index]!;
      count++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x > 0) visit(index - 1);
      if (x < width - 1) visit(index + 1);
      if (y > 0) visit(index - width);
      if (y < height - 1) visit(index + width);
    }
    if (count < options.minPixels || sum / count < options.boxThreshold) continue;
    const boxWidth = x1 - x0 + 1,
      boxHeight = y1 - y0 + 1;
    const grow = (boxWidth * boxHeight * options.unclip) / (2 * (boxWidth + boxHeight));
    boxes.push({
      x0: Math.max(0, x0 - grow),
      y0: Math.max(0, y0 - grow),
      x1: Math.min(width, x1 + 1 + grow),
      y1: Math.min(height, y1 + 1 + grow),
      score: sum / count,
    });
  }
  return boxes.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);

  function visit(index: number): void {
    if (seen[index] || probability[index]! <= options.threshold) return;
    seen[index] = 1;
    stack.push(index);
  }
}

// The colour class of a truth text (real-screens-truth.ts), for the share of texts read per class:
// issue 24 found the reader's misses in these classes.

export type TextClass =
  | 'dark on light'
  | 'grey text on light (outlined chips, boxes, hints)'
  | 'light text on a mid-grey panel'
  | 'white on saturated colour'
  | 'dark theme';
export const TEXT_CLASSES: readonly TextClass[] = [
  'dark on light',
  'grey text on light (outlined chips, boxes, hints)',
  'light text on a mid-grey panel',
  'white on saturated colour',
  'dark theme',
];

/**
 * A text's class by the colours inside its box: the ground is the median colour, the text the
 * pixels furthest from it in luminance (the top 3 %). Saturation is (max − min) / max.
 */
export function classify(
  screen: { rgb: Uint8Array; width: number; height: number },
  [x0, y0, x1, y1]: [number, number, number, number],
): TextClass {
  const pixels: [number, number, number][] = [];
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 4000)));
  for (let y = Math.max(0, y0); y < Math.min(screen.height, y1); y += step)
    for (let x = Math.max(0, x0); x < Math.min(screen.width, x1); x += step) {
      const i = (y * screen.width + x) * 3;
      pixels.push([screen.rgb[i]!, screen.rgb[i + 1]!, screen.rgb[i + 2]!]);
    }
  if (!pixels.length) return 'dark on light';
  const luminance = ([r, g, b]: [number, number, number]) => (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  const ground: [number, number, number] = [0, 1, 2].map((c) => median(pixels.map((p) => p[c]!))) as [
    number,
    number,
    number,
  ];
  const groundLuminance = luminance(ground);
  const byDistance = pixels
    .map((pixel) => luminance(pixel))
    .sort((a, b) => Math.abs(b - groundLuminance) - Math.abs(a - groundLuminance));
  const ink = byDistance.slice(0, Math.max(1, Math.floor(byDistance.length * 0.03)));
  const inkLuminance = ink.reduce((sum, value) => sum + value, 0) / ink.length;
  const saturation = (Math.max(...ground) - Math.min(...ground)) / Math.max(1, Math.max(...ground));
  const lighterText = inkLuminance > groundLuminance;
  if (saturation > 0.35 && groundLuminance > 0.15 && lighterText) return 'white on saturated colour';
  if (groundLuminance < 0.22) return 'dark theme';
  if (groundLuminance < 0.75 && lighterText) return 'light text on a mid-grey panel';
  if (!lighterText && inkLuminance > 0.3) return 'grey text on light (outlined chips, boxes, hints)';
  return 'dark on light';
}

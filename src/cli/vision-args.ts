// Parsing of the vision options shared by `benchhand ocr` and `benchhand calibrate`; every
// error names the flag and the rule.
import type { Point } from '../core/vision/homography.js';
import { UsageError } from './args.js';

export function parseCorners(value: string, usage: string): Point[] {
  const numbers = value.split(',').map((part) => Number(part.trim()));
  if (numbers.length !== 8 || numbers.some((n) => !Number.isFinite(n))) {
    throw new UsageError(
      `--corners must be 8 numbers x1,y1,x2,y2,x3,y3,x4,y4 (camera pixels, clockwise from the screen's top-left); got "${value}"\nusage: ${usage}`,
    );
  }
  return [0, 2, 4, 6].map((i) => ({ x: numbers[i]!, y: numbers[i + 1]! }));
}

export function parseSize(flag: string, value: string, usage: string): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/.exec(value);
  if (!match || Number(match[1]) === 0 || Number(match[2]) === 0)
    throw new UsageError(`${flag} must be WIDTHxHEIGHT in pixels, like 1080x2400; got "${value}"\nusage: ${usage}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

export function parseRotation(value: string | undefined, usage: string): number {
  if (value === undefined) return 90;
  const n = Number(value);
  if (!Number.isFinite(n) || n < -360 || n > 360)
    throw new UsageError(
      `--rotation must be degrees clockwise between -360 and 360 (how the phone's top is turned in the picture; the bench rig is 90); got "${value}"\nusage: ${usage}`,
    );
  return n;
}

export function formatCorners(corners: Point[]): string {
  return corners.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(',');
}

// The faults that act on the light before the sensor reads it: lens distortion, the screen moving
// during the exposure, the display's pixel grid beating with the sensor's (moiré), rolling-shutter
// bands of a PWM-dimmed display, and a white balance that is off. Each is off at its default
// (camera-options.ts); with all off the warped picture is returned as it is, the same object.
// The result is a new picture: the projection is kept unchanged for the next frame (photograph.ts).
import type { CameraOptions } from './camera-options.js';
import { applyHomography, invertHomography, type Homography, type Point } from './homography.js';
import { seededRandom } from './prng.js';
import type { RawImage } from '../../core/vision/warp.js';

export function hasPictureFaults(options: CameraOptions): boolean {
  const [r, g, b] = options.colourGains;
  return (
    options.lensDistortion !== 0 ||
    options.motionBlur.length > 0 ||
    options.moire > 0 ||
    options.pwm.frequencyHz > 0 ||
    r !== 1 ||
    g !== 1 ||
    b !== 1
  );
}

/** Where the screen lies in the picture: the device-to-camera homography and the device's size. */
export interface ScreenPlace {
  deviceToCamera: Homography;
  screen: { width: number; height: number };
}

export function applyPictureFaults(
  image: RawImage,
  options: CameraOptions,
  seed: number,
  place: ScreenPlace,
): RawImage {
  if (!hasPictureFaults(options)) return image;
  let picture = image;
  if (options.motionBlur.length > 0) picture = motionBlur(picture, options.motionBlur);
  if (options.lensDistortion !== 0) picture = distort(picture, options.lensDistortion);
  if (options.moire > 0 || options.pwm.frequencyHz > 0 || options.colourGains.some((gain) => gain !== 1))
    picture = modulate(picture, options, seed, place);
  return picture;
}

/** The mean of the picture shifted along the streak, one copy per pixel of its length. */
function motionBlur(image: RawImage, { length, angleDeg }: CameraOptions['motionBlur']): RawImage {
  const { data, width, height } = image;
  const steps = Math.max(1, Math.round(length));
  const dx = Math.cos((angleDeg * Math.PI) / 180),
    dy = Math.sin((angleDeg * Math.PI) / 180);
  const sum = new Float32Array(data.length);
  for (let step = 0; step <= steps; step++) {
    const t = step - steps / 2;
    const ox = Math.round(t * dx),
      oy = Math.round(t * dy);
    for (let y = 0; y < height; y++) {
      const sy = Math.min(height - 1, Math.max(0, y + oy));
      for (let x = 0; x < width; x++) {
        const sx = Math.min(width - 1, Math.max(0, x + ox));
        const o = (y * width + x) * 3,
          s = (sy * width + sx) * 3;
        sum[o] = sum[o]! + data[s]!;
        sum[o + 1] = sum[o + 1]! + data[s + 1]!;
        sum[o + 2] = sum[o + 2]! + data[s + 2]!;
      }
    }
  }
  const out = new Uint8Array(data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(sum[i]! / (steps + 1));
  return { data: out, width, height };
}

/**
 * Radial distortion about the picture's centre, r' = r (1 + k1 r²) with r in half-diagonals:
 * each output pixel takes the undistorted picture's pixel it came from (bilinear).
 */
function distort(image: RawImage, k1: number): RawImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  const cx = width / 2,
    cy = height / 2,
    norm = Math.hypot(cx, cy);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const source = undistort({ x, y }, k1, cx, cy, norm);
      const x0 = Math.floor(source.x),
        y0 = Math.floor(source.y);
      const fx = source.x - x0,
        fy = source.y - y0;
      const o = (y * width + x) * 3;
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) continue;
      const a = (y0 * width + x0) * 3,
        b = a + 3,
        c = a + width * 3,
        d = c + 3;
      for (let ch = 0; ch < 3; ch++) {
        const top = data[a + ch]! + (data[b + ch]! - data[a + ch]!) * fx;
        const bottom = data[c + ch]! + (data[d + ch]! - data[c + ch]!) * fx;
        out[o + ch] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return { data: out, width, height };
}

/** Where a point of the distorted picture lies in the undistorted one (Newton on r' = r (1 + k1 r²)). */
function undistort(point: Point, k1: number, cx: number, cy: number, norm: number): Point {
  const dx = (point.x - cx) / norm,
    dy = (point.y - cy) / norm;
  const rd = Math.hypot(dx, dy);
  let r = rd;
  for (let i = 0; i < 4; i++) r -= (r * (1 + k1 * r * r) - rd) / (1 + 3 * k1 * r * r);
  const scale = rd > 0 ? r / rd : 1;
  return { x: cx + dx * scale * norm, y: cy + dy * scale * norm };
}

/** Where a point of the undistorted picture lands once distorted: the screen's corners as the rig sees them. */
export function distortPoint(point: Point, options: Pick<CameraOptions, 'width' | 'height' | 'lensDistortion'>): Point {
  const cx = options.width / 2,
    cy = options.height / 2,
    norm = Math.hypot(cx, cy);
  const dx = (point.x - cx) / norm,
    dy = (point.y - cy) / norm;
  const scale = 1 + options.lensDistortion * (dx * dx + dy * dy);
  return { x: cx + dx * scale * norm, y: cy + dy * scale * norm };
}

/**
 * Multiplicative light per pixel: the white balance's per-channel gains; the display's pixel
 * grid (a stripe of R, G and B sub-pixels a third of a pixel apart) point-sampled at the camera
 * pixels' centres, which aliases into the low-frequency beat a real sensor without an
 * anti-aliasing filter shows; the rolling shutter's row-by-row exposure window over the PWM
 * square wave, its phase a frame's own (seeded), normalised to the same mean light. The grid and
 * the PWM are the display's: the bench and the bezel around it are lit by the room.
 */
function modulate(
  image: RawImage,
  options: CameraOptions,
  seed: number,
  { deviceToCamera, screen }: ScreenPlace,
): RawImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  const rows = pwmRows(options, height, seededRandom(seed ^ 0x5bd1e995)());
  const cameraToDevice = invertHomography(deviceToCamera);
  const gains = options.colourGains;
  const moire = options.moire;
  const displayLight = moire > 0 || options.pwm.frequencyHz > 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      let grid: [number, number, number] = [1, 1, 1];
      let row = 1;
      const device = displayLight ? applyHomography(cameraToDevice, { x: x + 0.5, y: y + 0.5 }) : undefined;
      if (device && device.x >= 0 && device.y >= 0 && device.x < screen.width && device.y < screen.height) {
        row = rows[y]!;
        if (moire > 0) grid = displayGrid(device, moire);
      }
      for (let ch = 0; ch < 3; ch++) {
        const v = data[o + ch]! * gains[ch]! * grid[ch]! * row;
        out[o + ch] = v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return { data: out, width, height };
}

/** The light the display's grid lets through at a device point, per sub-pixel colour (R, G, B stripes). */
function displayGrid(device: Point, contrast: number): [number, number, number] {
  const across = 0.5 + 0.5 * Math.cos(2 * Math.PI * device.y);
  const stripe = (sub: number) => 0.5 + 0.5 * Math.cos(2 * Math.PI * (device.x - sub / 3));
  return [
    1 - contrast * (1 - across * stripe(0)),
    1 - contrast * (1 - across * stripe(1)),
    1 - contrast * (1 - across * stripe(2)),
  ];
}

/** Each row's light relative to the mean under PWM: 1 everywhere when PWM is off. */
function pwmRows(options: CameraOptions, height: number, phase: number): Float64Array {
  const rows = new Float64Array(height).fill(1);
  const { frequencyHz, duty, exposureMs, lineTimeUs } = options.pwm;
  if (frequencyHz <= 0 || exposureMs <= 0) return rows;
  const period = 1000 / frequencyHz;
  // Light of the square wave (on for the first `duty` of each period) from time 0 to t, in ms on.
  const onUntil = (t: number) => Math.floor(t / period) * period * duty + Math.min(t % period, period * duty);
  let sum = 0;
  for (let y = 0; y < height; y++) {
    const start = phase * period + (y * lineTimeUs) / 1000;
    rows[y] = onUntil(start + exposureMs) - onUntil(start);
    sum += rows[y]!;
  }
  const mean = sum / height;
  for (let y = 0; y < height; y++) rows[y] = rows[y]! / mean;
  return rows;
}

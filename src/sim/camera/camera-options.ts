// The camera model's knobs and where they put the device screen in the camera picture.
// Defaults look like a Pi camera over a bench: the phone on its side, slightly turned and tilted.
import type { Point } from './homography.js';

export interface CameraOptions {
  width: number;
  height: number;
  /** Rotation of the phone in the picture, degrees clockwise; 90 puts a portrait phone on its side. */
  rotationDeg: number;
  /** How much of the frame the screen's bounding box fills along its tighter dimension (0..1). */
  screenFill: number;
  /** Shift of the screen centre, as fractions of the frame's width and height. */
  offset: { x: number; y: number };
  /** Keystone: how much the far side shrinks, per axis (0 = camera square to the bench). */
  tilt: { x: number; y: number };
  /** Phone bezel width around the screen, as a fraction of the screen's short side. */
  bezel: number;
  /** Gaussian blur sigma in camera pixels (focus and lens softness). */
  blurSigma: number;
  /** Standard deviation of the sensor noise, in 8-bit levels. */
  noiseSigma: number;
  /** Overall brightness factor (1 = well exposed). */
  exposure: number;
  /** Brightness of the screen relative to white (screens are rarely captured at full white). */
  screenGain: number;
  /** Darkening towards the corners (0 = none). */
  vignette: number;
  /** Linear fall-off of the light across the frame, per axis (uneven lighting). */
  lightGradient: { x: number; y: number };
  /** A soft bright spot (reflection on the glass): centre in frame fractions, radius in frame widths. */
  glare: { x: number; y: number; radius: number; strength: number };
  /** The bench colour behind the phone, RGB 0..255. */
  bench: [number, number, number];
  jpegQuality: number;
  /** Give each capture its own noise (like a real sensor); false makes every capture identical. */
  noisePerFrame: boolean;
}

export const defaultCameraOptions: CameraOptions = {
  width: 1640,
  height: 1232,
  rotationDeg: 91.5,
  screenFill: 0.86,
  offset: { x: 0.01, y: -0.01 },
  tilt: { x: 0.05, y: 0.03 },
  bezel: 0.04,
  blurSigma: 0.8,
  noiseSigma: 3.5,
  exposure: 1,
  screenGain: 0.92,
  vignette: 0.25,
  lightGradient: { x: 0.12, y: 0.06 },
  glare: { x: 0.66, y: 0.34, radius: 0.09, strength: 45 },
  bench: [58, 54, 50],
  jpegQuality: 85,
  noisePerFrame: true,
};

export type CameraOptionsInput = Partial<Omit<CameraOptions, 'offset' | 'tilt' | 'lightGradient' | 'glare'>> & {
  offset?: Partial<CameraOptions['offset']>;
  tilt?: Partial<CameraOptions['tilt']>;
  lightGradient?: Partial<CameraOptions['lightGradient']>;
  glare?: Partial<CameraOptions['glare']>;
};

export function resolveCameraOptions(input: CameraOptionsInput = {}): CameraOptions {
  const d = defaultCameraOptions;
  return {
    ...d,
    ...input,
    offset: { ...d.offset, ...input.offset },
    tilt: { ...d.tilt, ...input.tilt },
    lightGradient: { ...d.lightGradient, ...input.lightGradient },
    glare: { ...d.glare, ...input.glare },
  };
}

/**
 * Where the corners of a rectangle of this size centred on the device screen land in the camera
 * picture, in the order top-left, top-right, bottom-right, bottom-left of the device.
 */
export function placeScreen(options: CameraOptions, screen: { width: number; height: number }): Point[] {
  const angle = (options.rotationDeg * Math.PI) / 180;
  const cos = Math.cos(angle),
    sin = Math.sin(angle);
  const boundsWidth = Math.abs(screen.width * cos) + Math.abs(screen.height * sin);
  const boundsHeight = Math.abs(screen.width * sin) + Math.abs(screen.height * cos);
  const scale = options.screenFill * Math.min(options.width / boundsWidth, options.height / boundsHeight);
  const cx = options.width * (0.5 + options.offset.x);
  const cy = options.height * (0.5 + options.offset.y);
  const halfW = screen.width / 2,
    halfH = screen.height / 2;
  const local: Point[] = [
    { x: -halfW, y: -halfH },
    { x: halfW, y: -halfH },
    { x: halfW, y: halfH },
    { x: -halfW, y: halfH },
  ];
  return local.map(({ x, y }) => {
    const rx = cx + scale * (x * cos - y * sin);
    const ry = cy + scale * (x * sin + y * cos);
    // Keystone: points further from the camera (one side of each axis) come closer to the centre.
    const nx = (rx - options.width / 2) / (options.width / 2);
    const ny = (ry - options.height / 2) / (options.height / 2);
    return {
      x: options.width / 2 + (rx - options.width / 2) * (1 + options.tilt.y * ny),
      y: options.height / 2 + (ry - options.height / 2) * (1 + options.tilt.x * nx),
    };
  });
}

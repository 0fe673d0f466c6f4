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
  // The faults a real rig's picture shows (camera-faults.ts chooses their strengths); each is off
  // at its default, so the default camera's bytes are those it gave before they existed.
  /** The camera turned this many degrees off the screen's normal, about the picture's vertical axis. */
  offAxisDeg: number;
  /** Focal length in camera pixels, for the off-axis perspective (IMX219: 3.04 mm / 2.24 µm binned). */
  focalPx: number;
  /** Radial lens distortion k1 (r' = r (1 + k1 r²), r in half-diagonals; negative: barrel). */
  lensDistortion: number;
  /**
   * The screen moving during the exposure: the streak's length in camera pixels and its direction;
   * halfLifeMs > 0: a shake that dies down, the streak halving every halfLifeMs on the camera's
   * clock from the first frame after it began (virtual-camera.ts); 0: steady, every frame alike.
   */
  motionBlur: { length: number; angleDeg: number; halfLifeMs: number };
  /** Analog gain of a dim scene: signal-dependent shot and read noise (low-light-noise.ts); 0 = off. */
  lowLightGain: number;
  /** White balance off: per-channel gains R, G, B (1, 1, 1 = balanced). */
  colourGains: [number, number, number];
  /** Contrast of the display's pixel grid as the sensor samples it (moiré), 0..1; 0 = off. */
  moire: number;
  /** Rolling shutter over a PWM-dimmed display: PWM frequency, duty, exposure and line time; frequency 0 = off. */
  pwm: { frequencyHz: number; duty: number; exposureMs: number; lineTimeUs: number };
  // The settings a camera takes (virtual-camera.ts's settings(), chosen by `benchhand calibrate`).
  /** Where the screen is sharp, in dioptres: 1 / 0.09 m, the default rig's lens-to-glass distance. */
  focusDioptres: number;
  /** Where the lens sits before any settings are applied (a badly focused rig: away from focusDioptres). */
  lensDioptres: number;
  /** The white-balance gains (red, blue) that make the screen's white neutral under this rig's light. */
  neutralAwbGains: [number, number];
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
  offAxisDeg: 0,
  focalPx: 1357,
  lensDistortion: 0,
  motionBlur: { length: 0, angleDeg: 0, halfLifeMs: 0 },
  lowLightGain: 0,
  colourGains: [1, 1, 1],
  moire: 0,
  pwm: { frequencyHz: 0, duty: 1, exposureMs: 0, lineTimeUs: 27 },
  focusDioptres: 11.1,
  lensDioptres: 11.1,
  neutralAwbGains: [2.0, 1.5],
};

type Nested = 'offset' | 'tilt' | 'lightGradient' | 'glare' | 'motionBlur' | 'pwm';

export type CameraOptionsInput = Partial<Omit<CameraOptions, Nested>> & {
  [K in Nested]?: Partial<CameraOptions[K]>;
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
    motionBlur: { ...d.motionBlur, ...input.motionBlur },
    pwm: { ...d.pwm, ...input.pwm },
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
  const placed = local.map(({ x, y }) => {
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
  return options.offAxisDeg ? offAxis(placed, options) : placed;
}

/**
 * The screen seen from a camera turned off its normal about the picture's vertical axis: each
 * point's depth changes with its distance from the centre (a pinhole of the camera's focal
 * length), the near side grows and the far side shrinks; then the whole screen is shrunk about
 * the picture's centre where it would leave the frame (the rig's operator would frame it so).
 */
function offAxis(points: Point[], options: CameraOptions): Point[] {
  const angle = (options.offAxisDeg * Math.PI) / 180;
  const f = options.focalPx;
  const cx = options.width / 2,
    cy = options.height / 2;
  const seen = points.map(({ x, y }) => {
    const depth = f + (x - cx) * Math.sin(angle);
    return { x: (f * (x - cx) * Math.cos(angle)) / depth, y: (f * (y - cy)) / depth };
  });
  const fit = Math.min(
    1,
    ...seen.map((p) => Math.min((0.97 * cx) / Math.abs(p.x || 1), (0.97 * cy) / Math.abs(p.y || 1))),
  );
  return seen.map((p) => ({ x: cx + p.x * fit, y: cy + p.y * fit }));
}

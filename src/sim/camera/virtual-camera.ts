// The virtual camera: photographs whatever the screen source renders, through the camera model,
// behind the same CameraPort as the real cameras. Faults (dark or blurred frames) are switchable.
import type {
  CameraFrame,
  CameraPort,
  CameraSettings,
  CameraSettingsSupport,
  CaptureOptions,
} from '../../core/ports/camera.js';
import { resolveCameraOptions, type CameraOptions, type CameraOptionsInput } from './camera-options.js';
import type { Point } from './homography.js';
import { mixSeed } from './prng.js';
import { photograph, type Photograph, type ProjectionMemo, type ScreenPicture } from './photograph.js';
import {
  settingsAsItCame,
  settingsEffect,
  STEADY_LIGHT,
  type RigLight,
  type SettingsEffect,
} from './settings-effect.js';

/**
 * The Pi camera's: a shutter of a few rows' time (the IMX219 reads a row in ~27 µs) up to a frame's
 * interval at 10 fps.
 */
const SHUTTER_LIMITS_US = { minUs: 100, maxUs: 100_000 };

export interface VirtualCameraSettings {
  /** Renders the device as it is now (e.g. `() => device.render()` after advancing its clock). */
  source: () => Promise<ScreenPicture>;
  options?: CameraOptionsInput;
  seed?: number;
  /** Monotonic clock for capturedAt; performance.now() unless a test passes its own. */
  now?: () => number;
}

export interface CaptureTruth<S extends ScreenPicture> {
  frame: CameraFrame;
  /** Device corners (0,0), (W,0), (W,H), (0,H) in camera pixels. */
  screenCorners: Point[];
  photo: Photograph;
  /** What the source rendered, with its own ground truth when it is a device frame. */
  screen: S;
  fault?: 'dark' | 'blurred';
}

export class VirtualCamera implements CameraPort {
  readonly options: CameraOptions;
  private sequence = 0;
  private darkLeft = 0;
  private blurredLeft = 0;
  private blurSigma = 6;
  private closed = false;
  /** An unchanged screen is not projected again (photograph.ts). */
  private readonly projection: ProjectionMemo = {};
  private readonly seed: number;
  private readonly now: () => number;
  /** When the first frame of the current shake was taken (a decaying motion blur: camera-options.ts). */
  private shakeFrom?: number;
  private lastCapturedAt = -Infinity;
  readonly faults = {
    /** The next n captures come out almost black (lens cap, lights off, auto-exposure failure). */
    darkFrames: (n: number) => {
      this.darkLeft = n;
    },
    /** The next n captures are out of focus (sigma in camera pixels). */
    blurredFrames: (n: number, sigma = 6) => {
      this.blurredLeft = n;
      this.blurSigma = sigma;
    },
  };

  /** The settings applied (settingsControl()) and the rig's light: what they do to the picture (settings-effect.ts). */
  private applied?: CameraSettings;
  private rig: RigLight = STEADY_LIGHT;
  private effect: SettingsEffect;

  /**
   * The settings a real camera takes (rpicam's shutter, gain, white balance, lens position), so
   * `benchhand calibrate` can choose them on the virtual bench; its lens moves (a Camera Module 3).
   */
  async settingsControl(): Promise<CameraSettingsSupport> {
    return {
      ok: true,
      control: {
        focusable: true,
        apply: async (settings) => {
          this.applied = { ...settings, awbGains: [...settings.awbGains] };
          this.effect = settingsEffect(this.options, this.applied, this.rig);
        },
        current: () => this.applied ?? settingsAsItCame(this.options),
        shutterLimitsUs: SHUTTER_LIMITS_US,
      },
    };
  }

  /** The settings applied last; undefined: the camera as it came. */
  get appliedSettings(): CameraSettings | undefined {
    return this.applied;
  }

  /** The rig's light or focus changed (bench fault camera-light): a lamp moved, the stand moved. */
  changeRig(rig: Partial<RigLight>): void {
    this.rig = { ...this.rig, ...rig };
    this.effect = settingsEffect(this.options, this.applied, this.rig);
  }

  constructor(private readonly settings: VirtualCameraSettings) {
    this.options = resolveCameraOptions(settings.options);
    this.seed = settings.seed ?? 1;
    this.now = settings.now ?? (() => performance.now());
    this.effect = settingsEffect(this.options, undefined, this.rig);
  }

  async capture(options: CaptureOptions = {}): Promise<CameraFrame> {
    return (await this.captureWithTruth(options)).frame;
  }

  /** A capture plus its ground truth: the screen corners and the rendered device frame. */
  async captureWithTruth<S extends ScreenPicture = ScreenPicture>(
    options: CaptureOptions = {},
  ): Promise<CaptureTruth<S>> {
    if (this.closed) throw new Error('the virtual camera is closed: create a new one');
    await this.waitUntilNewerThan(options);
    const screen = (await this.settings.source()) as S;
    const fault = this.darkLeft > 0 ? 'dark' : this.blurredLeft > 0 ? 'blurred' : undefined;
    if (fault === 'dark') this.darkLeft--;
    if (fault === 'blurred') this.blurredLeft--;
    const sequence = ++this.sequence;
    const seed = this.options.noisePerFrame ? mixSeed(this.seed, sequence) : this.seed;
    const motionBlurScale = this.shakeLeft(options);
    const photo = await photograph(
      screen,
      this.effect.options,
      seed,
      {
        exposureFactor: this.effect.exposureFactor * (fault === 'dark' ? 0.04 : 1),
        extraBlurSigma: Math.hypot(this.effect.extraBlurSigma, fault === 'blurred' ? this.blurSigma : 0),
        ...(motionBlurScale !== undefined ? { motionBlurScale } : {}),
      },
      this.projection,
    );
    const frame: CameraFrame = {
      image: photo.jpeg,
      format: 'jpeg',
      width: photo.width,
      height: photo.height,
      capturedAt: Math.max(this.now(), (options.newerThan ?? -Infinity) + 0.001),
      sequence,
    };
    this.lastCapturedAt = frame.capturedAt;
    return { frame, screenCorners: photo.screenCorners, photo, screen, ...(fault ? { fault } : {}) };
  }

  /**
   * A decaying shake's streak for this frame, as a share of its full length; undefined: the motion
   * blur is steady (or off). The shake begins with the first frame, and again with a frame asked
   * newer than a moment after the last one: a look after an action (the tap that shook the phone)
   * asks so, a retake asks only for a frame newer than the one before.
   */
  private shakeLeft(options: CaptureOptions): number | undefined {
    const { length, halfLifeMs } = this.options.motionBlur;
    if (!(length > 0 && halfLifeMs > 0)) return undefined;
    const now = this.now();
    if (this.shakeFrom === undefined || (options.newerThan ?? -Infinity) > this.lastCapturedAt) this.shakeFrom = now;
    return Math.pow(0.5, (now - this.shakeFrom) / halfLifeMs);
  }

  describe(): string {
    const o = this.options;
    return `virtual camera ${o.width}x${o.height}, seed ${this.seed}, rotation ${o.rotationDeg}°, blur ${o.blurSigma}, noise ${o.noiseSigma}, JPEG q${o.jpegQuality}`;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** A frame "newer than" a moment in the future means waiting for that moment, within the timeout. */
  private async waitUntilNewerThan(options: CaptureOptions): Promise<void> {
    if (options.newerThan === undefined) return;
    const wait = options.newerThan - this.now();
    if (wait <= 0) return;
    if (options.timeoutMs !== undefined && wait > options.timeoutMs) {
      throw new Error(
        `no frame newer than ${options.newerThan} within ${options.timeoutMs} ms: ask for an earlier moment or a longer timeout`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
  }
}

// The camera port: one interface for the Pi camera, a USB camera, a replayed folder and the
// virtual bench, so the agent cannot tell which it has. Pure types.

export interface CameraFrame {
  /** The encoded picture, as the camera delivers it. */
  image: Uint8Array;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  /** Monotonic milliseconds (performance.now() of the capturing process) when the exposure ended. */
  capturedAt: number;
  /** Increases by one for every frame the source produced. */
  sequence: number;
}

export interface CaptureOptions {
  /** Return the first frame captured after this monotonic moment (e.g. after an action). */
  newerThan?: number;
  timeoutMs?: number;
}

/** What a camera's exposure, white balance and focus are locked to (`benchhand calibrate` chooses them). */
export interface CameraSettings {
  /** Exposure time in microseconds (rpicam --shutter). */
  shutterUs: number;
  /** Analogue gain (rpicam --gain). */
  gain: number;
  /** Red and blue gains (rpicam --awbgains R,B). */
  awbGains: [number, number];
  /** Dioptres (rpicam --autofocus-mode manual --lens-position D); absent: a fixed-focus camera. */
  lensPosition?: number;
}

/** A camera that takes settings: the Pi camera (restarted with them), the virtual bench's camera. */
export interface CameraSettingsControl {
  /** The lens can be moved (Camera Module 3); a fixed-focus camera ignores lensPosition. */
  readonly focusable: boolean;
  /** Takes effect for every frame captured after it resolves (older frames are never returned). */
  apply(settings: CameraSettings): Promise<void>;
  /**
   * The settings the camera runs at now (applied last, or locked when it started); absent or
   * undefined: it runs on its own automatic exposure, which the quality gate leaves alone.
   */
  current?(): CameraSettings | undefined;
  /** The shortest and longest shutter it takes (the longest: a frame's interval at its frame rate). */
  readonly shutterLimitsUs?: { minUs: number; maxUs: number };
}

export type CameraSettingsSupport = { ok: true; control: CameraSettingsControl } | { ok: false; reason: string };

export interface CameraPort {
  capture(options?: CaptureOptions): Promise<CameraFrame>;
  /**
   * Whether this camera takes settings, asked once before a sweep. Absent: it cannot (a replayed
   * folder, a USB camera through ffmpeg); the reason says what to do instead.
   */
  settingsControl?(): Promise<CameraSettingsSupport>;
  /** A one-line description for logs and `benchhand doctor`. */
  describe(): string;
  close(): Promise<void>;
}

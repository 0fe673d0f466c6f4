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

export interface CameraPort {
  capture(options?: CaptureOptions): Promise<CameraFrame>;
  /** A one-line description for logs and `benchhand doctor`. */
  describe(): string;
  close(): Promise<void>;
}

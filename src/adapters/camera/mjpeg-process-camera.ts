// A camera that is a long-running process writing MJPEG to stdout (rpicam-vid, ffmpeg): frames
// are split as they arrive; capture() returns the first frame completed after `newerThan`
// (or the latest one). A missing binary, a process that exits, or silence is an error, never a hang.
import { spawn, type ChildProcess } from 'node:child_process';
import type { CameraFrame, CameraPort, CaptureOptions } from '../../core/ports/camera.js';
import { JpegSplitter, jpegSize } from './jpeg-splitter.js';

export interface ProcessCameraSettings {
  command: string;
  args: string[];
  /** What to tell the user when the command is not installed. */
  installHint: string;
  /** Default wait for a frame (ms); the first frame may take longer while the camera starts. */
  timeoutMs?: number;
  now?: () => number;
}

interface Waiter {
  newerThan: number;
  resolve(frame: CameraFrame): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class MjpegProcessCamera implements CameraPort {
  private child?: ChildProcess;
  private latest?: CameraFrame;
  private sequence = 0;
  private failure?: Error;
  private stderrTail = '';
  private stderrHead = '';
  private args: string[];
  /** Frames still to drop after a restart (the sensor and the lens settling on new settings). */
  private skipLeft = 0;
  private closed = false;
  private readonly waiters = new Set<Waiter>();
  private readonly now: () => number;

  constructor(private readonly settings: ProcessCameraSettings) {
    this.now = settings.now ?? (() => performance.now());
    this.args = [...settings.args];
  }

  describe(): string {
    return `${this.settings.command} ${this.args.join(' ')}`;
  }

  /** What the program said first (rpicam-vid names its sensor there). */
  get startupMessages(): string {
    return this.stderrHead;
  }

  /**
   * Stops the producer and starts it with these arguments (new camera settings): every frame after
   * this resolves comes from the new process, its first `skipFrames` dropped.
   */
  async restart(args: string[], skipFrames = 0): Promise<void> {
    if (this.closed) throw new Error(`camera (${this.settings.command}) is closed`);
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    this.args = [...args];
    this.latest = undefined;
    this.failure = undefined;
    this.stderrTail = '';
    this.skipLeft = skipFrames;
    this.start();
  }

  capture(options: CaptureOptions = {}): Promise<CameraFrame> {
    if (this.closed) return Promise.reject(new Error(`camera (${this.settings.command}) is closed`));
    if (this.failure) return Promise.reject(this.failure);
    this.start();
    const newerThan = options.newerThan ?? -Infinity;
    if (this.latest && this.latest.capturedAt > newerThan) return Promise.resolve(this.latest);
    const timeoutMs = options.timeoutMs ?? this.settings.timeoutMs ?? 5000;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        newerThan,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(
            new Error(
              `camera (${this.settings.command}): no frame within ${timeoutMs} ms${this.stderrTail ? `; it said: ${this.stderrTail.trim()}` : ''}. Is the camera connected and not in use by another program?`,
            ),
          );
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.fail(new Error(`camera (${this.settings.command}) was closed`));
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }

  private start(): void {
    if (this.child) return;
    const splitter = new JpegSplitter();
    const child = spawn(this.settings.command, this.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (child !== this.child) return;
      for (const jpeg of splitter.push(chunk)) this.onPicture(jpeg);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-400);
      if (this.stderrHead.length < 4000) this.stderrHead = (this.stderrHead + chunk.toString()).slice(0, 4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      this.fail(
        new Error(
          error.code === 'ENOENT'
            ? `camera: "${this.settings.command}" is not installed or not on PATH. ${this.settings.installHint}`
            : `camera (${this.settings.command}): ${error.message}`,
        ),
      );
    });
    child.on('exit', (code, signal) => {
      // A producer stopped by restart() is no failure: its successor runs.
      if (this.closed || child !== this.child) return;
      this.fail(
        new Error(
          `camera (${this.settings.command}) stopped (${signal ?? `exit code ${code}`})${this.stderrTail ? `: ${this.stderrTail.trim()}` : ''}. Check the camera is connected and the options are valid.`,
        ),
      );
    });
  }

  private onPicture(jpeg: Buffer): void {
    const size = jpegSize(jpeg);
    if (!size) return;
    if (this.skipLeft > 0) {
      this.skipLeft--;
      return;
    }
    const frame: CameraFrame = {
      image: new Uint8Array(jpeg),
      format: 'jpeg',
      ...size,
      capturedAt: this.now(),
      sequence: ++this.sequence,
    };
    this.latest = frame;
    for (const waiter of this.waiters) {
      if (frame.capturedAt <= waiter.newerThan) continue;
      clearTimeout(waiter.timer);
      this.waiters.delete(waiter);
      waiter.resolve(frame);
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(this.failure);
    }
    this.waiters.clear();
  }
}

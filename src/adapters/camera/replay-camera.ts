// Replays pictures from a folder (name order) or a single file as a camera: every capture
// returns the next one; at the end it starts again (loop) or fails with a clear message.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import type { CameraFrame, CameraPort, CaptureOptions } from '../../core/ports/camera.js';

export interface ReplayOptions {
  loop?: boolean;
  now?: () => number;
}

const PICTURE = /\.(jpe?g|png)$/i;

export class ReplayCamera implements CameraPort {
  private readonly files: string[];
  private next = 0;
  private sequence = 0;
  private closed = false;
  private readonly now: () => number;

  constructor(
    private readonly path: string,
    private readonly options: ReplayOptions = {},
  ) {
    this.files = statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => PICTURE.test(name))
          .sort()
          .map((name) => join(path, name))
      : [path];
    if (this.files.length === 0) throw new Error(`replay camera: no .jpg or .png pictures in ${path}`);
    this.now = options.now ?? (() => performance.now());
  }

  describe(): string {
    return `replay of ${this.files.length} picture(s) from ${this.path}${this.options.loop ? ', looping' : ''}`;
  }

  async capture(options: CaptureOptions = {}): Promise<CameraFrame> {
    if (this.closed) throw new Error(`replay camera of ${this.path} is closed: create a new one`);
    if (this.next >= this.files.length) {
      if (!this.options.loop)
        throw new Error(
          `replay camera: all ${this.files.length} picture(s) of ${this.path} were played; use loop to start again`,
        );
      this.next = 0;
    }
    const file = this.files[this.next++]!;
    const image = readFileSync(file);
    const meta = await sharp(image).metadata();
    return {
      image: new Uint8Array(image),
      format: /\.png$/i.test(extname(file)) ? 'png' : 'jpeg',
      width: meta.width!,
      height: meta.height!,
      capturedAt: Math.max(this.now(), (options.newerThan ?? -Infinity) + 0.001),
      sequence: ++this.sequence,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

// The real observer: a camera frame read through the screen reader (rectify, preprocess, OCR),
// with a verdict on whether the picture is fit to act on.
import type { CameraPort } from '../../core/ports/camera.js';
import type { Observation, ObserveOptions, ObserverPort } from '../../core/ports/observer.js';
import { assessQuality } from '../../core/vision/quality.js';
import type { ScreenReaderPort } from '../../core/ports/screen-reader.js';

export class CameraObserver implements ObserverPort {
  constructor(
    private readonly camera: CameraPort,
    private readonly reader: ScreenReaderPort,
  ) {}

  async observe(options: ObserveOptions = {}): Promise<Observation> {
    const frame = await this.camera.capture({ newerThan: options.newerThan, timeoutMs: options.timeoutMs });
    const reading = await this.reader.read(frame.image);
    return {
      at: frame.capturedAt,
      screen: reading.model,
      quality: assessQuality(reading.stats, reading.model),
      content: reading.content,
      frame,
    };
  }

  describe(): string {
    return `${this.camera.describe()} read by OCR`;
  }

  async close(): Promise<void> {
    await this.camera.close();
  }
}

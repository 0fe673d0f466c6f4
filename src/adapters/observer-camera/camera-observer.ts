// The real observer: a camera frame read through the screen reader (rectify, preprocess, OCR),
// with a verdict on whether the picture is fit to act on.
import type { CameraPort } from '../../core/ports/camera.js';
import type {
  FieldReadOptions,
  FieldReading,
  Observation,
  ObserveOptions,
  ObserverPort,
} from '../../core/ports/observer.js';
import type { Box } from '../../core/vision/ocr-line.js';
import { assessQuality } from '../../core/vision/quality.js';
import type { ScreenReaderPort } from '../../core/ports/screen-reader.js';
import type { FieldReader } from './field-reader.js';

export class CameraObserver implements ObserverPort {
  constructor(
    private readonly camera: CameraPort,
    private readonly reader: ScreenReaderPort,
    /** Reads one field of a frame again (field-reader.ts); absent: readField answers undefined. */
    private readonly fields?: FieldReader,
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

  async readField(observation: Observation, box: Box, options?: FieldReadOptions): Promise<FieldReading | undefined> {
    if (!observation.frame || !this.fields) return undefined;
    return this.fields.read(observation.frame, box, options);
  }

  describe(): string {
    return `${this.camera.describe()} read by OCR`;
  }

  async close(): Promise<void> {
    await this.fields?.close();
    await this.camera.close();
  }
}

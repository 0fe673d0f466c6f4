// What one look passes through, top to bottom. openBench assembles it (the unit tests' harness
// assembles the fake one the same way); nothing else wraps an observer.
//
//   1 camera    a frame newer than the loop asked for                     src/adapters/camera/
//   2 reader    the frame read into a screen model: its content fingerprint, what changed read
//               again and the rest carried over (an unchanged frame reuses the last reading),
//               and whether the picture is fit to act on                    src/adapters/observer-camera/
//               (a fake does 1 and 2 at once from the virtual device's ground truth)
//   3 secrets   a secret task input that shows in plain text is masked in the text and painted
//               over in the picture: the one place a look's secrets are hidden, so no stage after
//               it, and not the loop, ever holds them               app/vision/secret-painting.ts
//   4 frames    the pictures a run acted on, kept for `benchhand report` app/report/frame-keeper.ts
//   5 snapshot  the picture, the web console's view and the screen's text out over MQTT
//                                                                          app/agent/mqtt-wiring.ts
//   6 video     every new picture into the flow's video (Maestro flows) adapters/video/record-looks.ts
import type { CameraFrame, CameraPort } from '../../core/ports/camera.js';
import type {
  FieldReadOptions,
  FieldReading,
  Observation,
  ObserveOptions,
  ObserverPort,
} from '../../core/ports/observer.js';
import type { Box } from '../../core/vision/ocr-line.js';
import type { ScreenReaderPort } from '../../core/ports/screen-reader.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import { assessQuality, withCaptureVerdict } from '../../core/vision/quality.js';
import type { CaptureRecord } from '../../core/vision/retake-policy.js';
import type { LookRecorder } from '../../adapters/video/record-looks.js';
import type { LookStage } from './look-stage.js';
import { secretPainting } from '../vision/secret-painting.js';

/** Stages 1 and 2: where a look comes from. */
export interface LookSource {
  look(asked: ObserveOptions): Promise<Observation>;
  /** One field of a look's picture read again alone (typing's second look); absent: not offered. */
  readField?(observation: Observation, box: Box, options?: FieldReadOptions): Promise<FieldReading | undefined>;
  describe(): string;
  close(): Promise<void>;
}

/** The stages after reading; each is left out when not asked for. */
export interface AfterReading {
  /** Values of the task's secret inputs (3). */
  secrets?: readonly string[];
  /** Where the screen is in the camera picture: the secrets stage paints there. */
  calibration?: ScreenCalibration;
  /** 4: made by the caller, who also tells it the run's approvals (app/report/frame-keeper.ts). */
  frames?: LookStage;
  /** 5 (app/agent/mqtt-wiring.ts mqttSnapshot). */
  snapshot?: LookStage;
  /** 6: the flow's video (adapters/video/record-looks.ts). */
  video?: Pick<LookRecorder, 'keep'>;
}

/** What reads one field of a picture again (adapters/observer-camera/field-reader.ts). */
export interface FieldRereader {
  read(frame: CameraFrame, box: Box, options?: FieldReadOptions): Promise<FieldReading | undefined>;
  close(): Promise<void>;
}

/** The quality gate in front of the reader (adapters/observer-camera/gated-capture.ts). */
export interface FrameGate {
  capture(asked: ObserveOptions): Promise<{ frame: CameraFrame; record: CaptureRecord }>;
}

/**
 * 1 and 2 for the real bench: the camera's frame read by the screen reader (and a field again,
 * when asked); with a gate, the frame it chose (first, retaken, fused or the best of the failed).
 */
export function cameraAndReader(
  camera: CameraPort,
  reader: ScreenReaderPort,
  fields?: FieldRereader,
  gate?: FrameGate,
): LookSource {
  return {
    look: async (asked) => {
      if (!gate)
        return read(
          reader,
          await camera.capture({ newerThan: asked.newerThan, timeoutMs: asked.timeoutMs }),
          asked.readAnew,
        );
      const { frame, record } = await gate.capture(asked);
      return read(reader, frame, asked.readAnew, record);
    },
    readField: async (observation, box, options) =>
      fields && observation.frame ? fields.read(observation.frame, box, options) : undefined,
    describe: () => `${camera.describe()} read by OCR`,
    close: async () => {
      await fields?.close();
      await camera.close();
    },
  };
}

/** 1 and 2 in one: a fake observer (the virtual device's ground truth, in unit tests). */
export function fakeSource(fake: ObserverPort): LookSource {
  return { look: (asked) => fake.observe(asked), describe: () => fake.describe(), close: () => fake.close() };
}

export function observerPipeline(source: LookSource, after: AfterReading = {}): ObserverPipeline {
  const stages = [
    after.secrets?.length ? secretPainting(after.secrets, after.calibration) : undefined,
    after.frames,
    after.snapshot,
    after.video ? videoStage(after.video) : undefined,
  ].filter((stage): stage is LookStage => stage !== undefined);
  return new ObserverPipeline(source, stages);
}

export class ObserverPipeline implements ObserverPort {
  constructor(
    private readonly source: LookSource,
    private readonly stages: readonly LookStage[],
  ) {}

  /** The stages a look passes, in order. */
  get stageNames(): string[] {
    return ['camera', 'reader', ...this.stages.map((stage) => stage.name)];
  }

  async observe(asked: ObserveOptions = {}): Promise<Observation> {
    let look = await this.source.look(asked);
    for (const stage of this.stages) look = await stage.pass(look, asked);
    return look;
  }

  async readField(observation: Observation, box: Box, options?: FieldReadOptions): Promise<FieldReading | undefined> {
    return this.source.readField?.(observation, box, options);
  }

  describe(): string {
    const after = this.stages.map((stage) => stage.name);
    return `${this.source.describe()}${after.length ? `, then ${after.join(', ')}` : ''}`;
  }

  /** Waits for what the stages still have to do (pictures being written); the camera stays open. */
  async finish(): Promise<void> {
    for (const stage of this.stages) await stage.finish?.();
  }

  async close(): Promise<void> {
    await this.finish();
    await this.source.close();
  }
}

function videoStage(recorder: Pick<LookRecorder, 'keep'>): LookStage {
  return {
    name: 'video',
    pass: async (look) => {
      recorder.keep(look);
      return look;
    },
  };
}

/**
 * Stage 2's verdict beside its reading: a look is the picture, its model (each line saying which
 * picture it was read from: a line carried over keeps its own) and whether it is fit to act on.
 */
async function read(
  reader: ScreenReaderPort,
  frame: CameraFrame,
  anew: boolean | undefined,
  capture?: CaptureRecord,
): Promise<Observation> {
  const reading = await reader.read(frame.image, {
    taken: { at: frame.capturedAt, sequence: frame.sequence },
    ...(anew ? { anew } : {}),
  });
  const quality = assessQuality(reading.stats, reading.model);
  return {
    at: frame.capturedAt,
    screen: reading.model,
    quality: capture ? withCaptureVerdict(quality, capture, reading.model) : quality,
    content: reading.content,
    ...(capture ? { capture } : {}),
    frame,
  };
}

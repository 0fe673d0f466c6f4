// One contract for every CameraPort: the replay, the virtual bench's camera, the HTTP camera on
// the bench server and the MJPEG process camera (and, with hardware, V4L2 and rpicam) must all
// pass it, so the agent cannot tell which one it has. Every frame's bytes are decoded with sharp:
// what the frame says about itself (format, width, height) must be what the picture is.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraFrame, CameraPort } from '../../src/core/ports/camera.js';

export interface CameraSubject {
  camera: CameraPort;
  /** The monotonic clock the camera stamps capturedAt with (performance.now() for the real ones). */
  now(): number;
  /**
   * True when the camera sees a scene that moves on in time (a device, a sensor): a frame newer
   * than a moment still to come exists only once that moment has come, so capture waits for it or
   * fails within its timeout. False for a replay, whose pictures were taken long ago: it stamps
   * them as asked and never waits. Say why in the suite name when false.
   */
  realTime: boolean;
  /**
   * A camera of the same kind whose source never delivers a picture (a process that writes
   * nothing, a server that never answers). Absent where the kind cannot stall: the stall check
   * shows as skipped.
   */
  stalled?(): Promise<{ camera: CameraPort; teardown(): Promise<void> }>;
  /** After close(): whether whatever produced frames has stopped (the child process exited). */
  producerStopped?(): boolean;
  teardown(): Promise<void>;
}

/** Decodes the whole picture (a truncated JPEG fails here) and reads what it really is. */
async function decoded(frame: CameraFrame): Promise<{ format: string; width: number; height: number; bytes: number }> {
  const { info } = await sharp(frame.image, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
  const meta = await sharp(frame.image).metadata();
  return { format: meta.format ?? 'unknown', width: info.width, height: info.height, bytes: info.size };
}

export function describeCameraPortContract(name: string, setup: () => Promise<CameraSubject>): void {
  describe(`CameraPort contract: ${name}`, () => {
    let subject: CameraSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.teardown();
    });
    const camera = () => subject.camera;

    it('describes itself in one non-empty line', () => {
      const text = camera().describe();
      expect(text.trim().length).toBeGreaterThan(3);
      expect(text).not.toMatch(/\n/);
    });

    it('delivers a frame whose format, width and height are those of its bytes', async () => {
      const frame = await camera().capture({ timeoutMs: 10000 });
      const real = await decoded(frame);
      expect(frame.format).toMatch(/^(jpeg|png)$/);
      expect(real.format).toBe(frame.format);
      expect([real.width, real.height]).toEqual([frame.width, frame.height]);
      expect(real.bytes).toBeGreaterThan(0);
      expect(Number.isFinite(frame.capturedAt)).toBe(true);
      expect(Number.isInteger(frame.sequence)).toBe(true);
    });

    it('numbers frames in increasing order', async () => {
      const sequences: number[] = [];
      for (let i = 0; i < 3; i++)
        sequences.push((await camera().capture({ newerThan: subject.now(), timeoutMs: 10000 })).sequence);
      for (let i = 1; i < sequences.length; i++) expect(sequences[i]!).toBeGreaterThan(sequences[i - 1]!);
    });

    it('returns a frame captured after the moment asked for, not the one before it', async () => {
      const before = await camera().capture({ timeoutMs: 10000 });
      const moment = subject.now();
      const after = await camera().capture({ newerThan: moment, timeoutMs: 10000 });
      expect(after.capturedAt).toBeGreaterThan(moment);
      expect(after.sequence).toBeGreaterThan(before.sequence);
    });

    it('waits for a moment still to come before returning a frame newer than it', async () => {
      const moment = subject.now() + 150;
      const frame = await camera().capture({ newerThan: moment, timeoutMs: 10000 });
      expect(frame.capturedAt).toBeGreaterThan(moment);
      // A real-time camera cannot have a frame of the future: it returned once the moment had come.
      if (subject.realTime) expect(subject.now()).toBeGreaterThan(moment);
    });

    const realTime = (title: string, body: () => Promise<void>) =>
      it(title, async (context) => {
        if (!subject.realTime) return context.skip();
        await body();
      });

    realTime('fails within its timeout, saying so, when asked for a frame newer than a moment beyond it', async () => {
      const asked = subject.now();
      const error = await camera()
        .capture({ newerThan: asked + 60000, timeoutMs: 200 })
        .then(
          () => undefined,
          (e: Error) => e,
        );
      expect(error).toBeInstanceOf(Error);
      expect(error!.message).toMatch(/within 200 ms/);
      // Not the 60 s the moment was away: the timeout decided (10 s is the slack of a loaded machine).
      expect(subject.now() - asked).toBeLessThan(10000);
    });

    it('fails within its timeout, saying so, when its source delivers nothing', async (context) => {
      if (!subject.stalled) return context.skip();
      const stalled = await subject.stalled();
      try {
        const error = await stalled.camera.capture({ timeoutMs: 300 }).then(
          () => undefined,
          (e: Error) => e,
        );
        expect(error).toBeInstanceOf(Error);
        expect(error!.message).toMatch(/no frame within 300 ms/);
      } finally {
        await stalled.teardown();
      }
    });

    it('stops on close, and a capture after close fails saying it is closed', async () => {
      await camera().close();
      if (subject.producerStopped) expect(subject.producerStopped()).toBe(true);
      await expect(camera().capture({ timeoutMs: 1000 })).rejects.toThrow(/closed/);
      await camera().close(); // a second close is harmless
    });
  });
}

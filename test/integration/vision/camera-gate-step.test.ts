// The quality gate in a step, end to end but for the serial line: the agent loop on the virtual
// phone, photographed by the virtual camera and read by OCR through the camera observer's capture
// path (gated-capture.ts), the next frames spoiled as the bench's camera-spoil fault spoils them.
// A blurred first frame is retaken and noisy frames are fused before the read, and the step's
// journal record names which; when no frame is fit to read, the step says so and nothing moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TesseractPool } from '../../../src/adapters/observer-camera/tesseract-pool.js';
import { cameraScreenReader, gatedCapture } from '../../../src/adapters/observer-camera/index.js';
import { cameraAndReader, observerPipeline } from '../../../src/app/bench/observer-pipeline.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { runAgent } from '../../../src/core/agent/loop/run-agent.js';
import type { CameraPort } from '../../../src/core/ports/camera.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { spoilFrame, type SpoilKind } from '../../../src/sim/bench/spoiled-frames.js';
import { startHarness, type Harness } from '../../support/agent-harness.js';

let ocr: TesseractPool;
beforeAll(async () => {
  ocr = await TesseractPool.start(1);
});
afterAll(async () => {
  await ocr.close();
});

const script = (steps: unknown[]) => new ScriptInterpreter(taskSchema.parse({ goal: 'open', steps }) as never);

/** The harness's phone seen through the virtual camera, its next `spoilt` frames spoiled; the observer as openBench builds it. */
async function cameraRun(h: Harness, spoil: { kind: SpoilKind; strength: number; frames: number }) {
  const started = h.clock.now();
  const virtual = new VirtualCamera({
    source: async () => {
      h.device.advance(Math.max(h.device.now, h.clock.now() - started));
      return h.device.render();
    },
    seed: 5,
  });
  const first = await virtual.captureWithTruth();
  const calibration = {
    deviceSize: { width: h.device.width, height: h.device.height },
    screenCorners: first.screenCorners,
  };
  let left = spoil.frames;
  const camera: CameraPort = {
    capture: async (options) => {
      const frame = await virtual.capture(options);
      if (left-- <= 0) return frame;
      return { ...frame, image: await spoilFrame(frame.image, spoil.kind, spoil.strength, frame.sequence) };
    },
    describe: () => 'virtual camera, spoiled',
    close: () => virtual.close(),
  };
  const reader = cameraScreenReader(ocr, calibration);
  return observerPipeline(cameraAndReader(camera, reader, undefined, gatedCapture(camera, calibration, h.clock)));
}

const intents = (h: Harness) => h.journal().filter((line) => line.type === 'intent') as { look?: { chosen: string } }[];

describe('the quality gate in a step', () => {
  it.each([
    { kind: 'blur' as const, strength: 4, frames: 1, chosen: 'retaken' },
    { kind: 'noise' as const, strength: 14, frames: 3, chosen: 'fused' },
  ])(
    'reads a $chosen frame when the first comes $kind, and the step record names it',
    async (spoil) => {
      const h = await startHarness('settings-wifi');
      const deps = h.deps(script([{ tap: 'Network & internet', expect: 'Choose a network', timeout_ms: 5000 }]));
      deps.observer = await cameraRun(h, spoil);
      const summary = await runAgent(deps, { goal: 'open', task: 'test' });
      expect(h.mcu.actuations.filter((a) => a.ev === 'tap')).toHaveLength(1);
      expect(intents(h)[0]!.look).toMatchObject({
        chosen: spoil.chosen,
        tries: spoil.frames + 1 - (spoil.chosen === 'fused' ? 1 : 0),
      });
      expect(h.device.groundTruth().texts.map((t) => t.text)).toContain('Wi-Fi networks');
      expect(summary.deviceProblems.map((p) => p.code)).not.toContain('screen_no_good_frame');
    },
    240_000,
  );

  it('says so instead of acting when no frame of its tries is fit to read', async () => {
    const h = await startHarness('settings-wifi');
    const deps = h.deps(script([{ tap: 'Network & internet', expect: 'Choose a network', timeout_ms: 5000 }]));
    deps.observer = await cameraRun(h, { kind: 'blur', strength: 9, frames: 1000 });
    const summary = await runAgent(deps, { goal: 'open', task: 'test' });
    expect(h.mcu.actuations).toEqual([]);
    expect(intents(h)).toEqual([]);
    const refused = h.audit().find((line) => line.tool === 'tap_text')!;
    expect(refused.status).toBe('observation_problem');
    expect(summary.deviceProblems).toContainEqual(
      expect.objectContaining({
        code: 'screen_no_good_frame',
        message: expect.stringMatching(/no frame of 4 passed the quality gate \(blurred/),
      }),
    );
    expect(summary.termination?.kind).not.toBe('succeeded');
  }, 240_000);
});

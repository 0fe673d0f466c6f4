// The observer pipeline (src/app/bench/observer-pipeline.ts): the stages a look passes, in order,
// and the secrets stage as the one place a look's secrets are hidden: every stage after it sees
// the masked look, and a picture it cannot paint is not passed on.
import { describe, expect, it } from 'vitest';
import { fakeSource, observerPipeline } from '../../../src/app/bench/observer-pipeline.js';
import type { LookStage } from '../../../src/app/bench/look-stage.js';
import type { Observation, ObserverPort } from '../../../src/core/ports/observer.js';
import { screenText } from '../../../src/core/vision/screen-model.js';
import { seeing } from '../../support/recovery-fixtures.js';

const SECRET = 'correct horse';

function fake(look: Observation): ObserverPort & { closed: boolean } {
  return {
    closed: false,
    observe: async () => look,
    describe: () => 'a fake',
    async close() {
      this.closed = true;
    },
  };
}

/** A stage that notes what it saw, in the order stages ran. */
function noting(name: string, seen: { name: string; text: string; picture: boolean }[]): LookStage {
  return {
    name,
    pass: async (look) => {
      seen.push({ name, text: screenText(look.screen), picture: look.frame !== undefined });
      return look;
    },
  };
}

const withPicture = (look: Observation): Observation => ({
  ...look,
  frame: { image: new Uint8Array([1, 2, 3]), format: 'jpeg', width: 10, height: 10, capturedAt: 0, sequence: 1 },
});

describe('the observer pipeline', () => {
  it('passes a look through camera, reader, secrets, frames, snapshot and video, in that order', async () => {
    const seen: { name: string; text: string; picture: boolean }[] = [];
    const kept: Observation[] = [];
    const pipeline = observerPipeline(fakeSource(fake(seeing('Email', SECRET))), {
      secrets: [SECRET],
      frames: noting('frames', seen),
      snapshot: noting('snapshot', seen),
      video: { keep: (look) => kept.push(look) },
    });
    expect(pipeline.stageNames).toEqual(['camera', 'reader', 'secrets', 'frames', 'snapshot', 'video']);
    expect(pipeline.describe()).toBe('a fake, then secrets, frames, snapshot, video');
    const look = await pipeline.observe();
    expect(seen.map((s) => s.name)).toEqual(['frames', 'snapshot']);
    // Every stage after the secrets stage, the video and the loop get the masked text only.
    for (const text of [...seen.map((s) => s.text), screenText(kept[0]!.screen), screenText(look.screen)])
      expect(text).not.toMatch(/correct|horse/i);
    expect(screenText(look.screen)).toMatch(/Email/);
  });

  it('leaves out the stages not asked for: without secrets a look passes untouched', async () => {
    const original = withPicture(seeing('Email', SECRET));
    const pipeline = observerPipeline(fakeSource(fake(original)));
    expect(pipeline.stageNames).toEqual(['camera', 'reader']);
    expect(await pipeline.observe()).toBe(original);
  });

  it('does not pass on a picture that showed a secret when it cannot paint it (no calibration)', async () => {
    const seen: { name: string; text: string; picture: boolean }[] = [];
    const pipeline = observerPipeline(fakeSource(fake(withPicture(seeing('Email', SECRET)))), {
      secrets: [SECRET],
      snapshot: noting('snapshot', seen),
    });
    const look = await pipeline.observe();
    expect(look.frame).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.picture).toBe(false);
    expect(seen[0]!.text).not.toMatch(/horse/);
    // A look without the secret keeps its picture.
    const plain = observerPipeline(fakeSource(fake(withPicture(seeing('Email')))), { secrets: [SECRET] });
    expect((await plain.observe()).frame).toBeDefined();
  });

  it('finishes its stages and closes its source once', async () => {
    const finished: string[] = [];
    const source = fake(seeing('Email'));
    const pipeline = observerPipeline(fakeSource(source), {
      frames: { name: 'frames', pass: async (l) => l, finish: async () => void finished.push('frames') },
    });
    await pipeline.finish();
    expect(finished).toEqual(['frames']);
    expect(source.closed).toBe(false);
    await pipeline.close();
    expect(finished).toEqual(['frames', 'frames']);
    expect(source.closed).toBe(true);
  });
});

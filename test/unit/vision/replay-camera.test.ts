import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReplayCamera } from '../../../src/adapters/camera/replay-camera.js';
import { corpusDir } from '../../support/ocr-corpus.js';

describe('replay camera', () => {
  const folder = join(corpusDir, 'settings-wifi-tilted');

  it('plays a folder in name order, then ends with a clear message', async () => {
    const camera = new ReplayCamera(folder);
    const frames = [];
    for (let i = 0; i < 4; i++) frames.push(await camera.capture());
    expect(frames.map((f) => [f.format, f.width, f.sequence])).toEqual([
      ['jpeg', 1640, 1],
      ['png', 1080, 2],
      ['jpeg', 1640, 3],
      ['png', 1080, 4],
    ]);
    await expect(camera.capture()).rejects.toThrow(/all 4 picture\(s\).*were played; use loop/);
  });

  it('loops a single file, each frame newer than asked', async () => {
    const camera = new ReplayCamera(join(folder, '00001.camera.jpg'), { loop: true });
    const a = await camera.capture();
    const b = await camera.capture({ newerThan: a.capturedAt + 1000 });
    expect(b.capturedAt).toBeGreaterThan(a.capturedAt + 1000);
    expect(Buffer.from(b.image).equals(Buffer.from(a.image))).toBe(true);
  });
});

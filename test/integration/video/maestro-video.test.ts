// The video of a Maestro run (src/adapters/video/record-looks.ts) through the real ffmpeg: each
// camera picture is one video frame held until the next picture (variable frame rate), so the
// video lasts as long as the run looked and costs one encoded frame a picture, not ten a second.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { recordLooks } from '../../../src/adapters/video/record-looks.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { screen } from '../../support/screen-builder.js';

const picture = (grey: number) =>
  sharp({ create: { width: 540, height: 1200, channels: 3, background: { r: grey, g: grey, b: grey } } })
    .jpeg()
    .toBuffer();

describe("a Maestro run's video", () => {
  it('holds each picture until the next, one encoded frame a picture, and lasts as long as the looks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-maestro-video-'));
    const times = [0, 5000, 12000];
    const looks: Observation[] = await Promise.all(
      times.map(async (at, i) => ({
        at,
        screen: screen([]),
        quality: { ok: true },
        frame: {
          image: await picture(40 + 80 * i),
          format: 'jpeg',
          width: 540,
          height: 1200,
          capturedAt: at,
          sequence: i,
        },
      })),
    );
    const recorder = recordLooks(dir);
    // What the observer pipeline's video stage does with every look.
    for (const look of looks) recorder.keep(look);
    const made = await recorder.finish();
    expect(made).toEqual({ path: join(dir, 'video.mp4') });
    const [frames, duration] = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=nb_read_frames:format=duration',
        '-of',
        'csv=p=0',
        join(dir, 'video.mp4'),
      ],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      .map(Number);
    expect(duration).toBeGreaterThan(12.5);
    expect(duration).toBeLessThan(13.5);
    expect(frames).toBeLessThanOrEqual(4);
  });
});

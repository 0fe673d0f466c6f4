// A resumed run's video never overwrites the earlier part (adapters/video/record-looks.ts): the
// first part is STATE_DIR/video.mp4, the next video-2.mp4, and the report links both. Two tiny
// pictures per part through the real ffmpeg (skipped, saying so, where it is not installed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { recordLooks, runVideoFiles } from '../../../src/adapters/video/record-looks.js';
import { readRun } from '../../../src/app/report/read-run.js';
import { renderReportHtml } from '../../../src/app/report/render-html.js';
import type { Observation } from '../../../src/core/ports/observer.js';

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
if (!hasFfmpeg) process.stderr.write('video parts test SKIPPED: ffmpeg is missing (scripts/setup-system.sh)\n');

async function look(sequence: number, grey: number): Promise<Observation> {
  const image = await sharp({
    create: { width: 64, height: 96, channels: 3, background: { r: grey, g: grey, b: grey } },
  })
    .jpeg()
    .toBuffer();
  return {
    at: sequence * 500,
    frame: { image, format: 'jpeg', width: 64, height: 96, capturedAt: sequence * 500, sequence },
  } as unknown as Observation;
}

async function recordPart(stateDir: string, first: number): Promise<string> {
  const recorder = recordLooks(stateDir);
  recorder.keep(await look(first, 40));
  recorder.keep(await look(first + 1, 200));
  const made = await recorder.finish();
  if (!('path' in made)) throw new Error(made.problem);
  return made.path;
}

(hasFfmpeg ? describe : describe.skip)("a resumed run's video", () => {
  it('goes to video-2.mp4 beside the first part, which stays as it was, and the report links both', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-video-parts-'));
    expect(await recordPart(stateDir, 0)).toBe(join(stateDir, 'video.mp4'));
    const firstPart = readFileSync(join(stateDir, 'video.mp4'));
    expect(await recordPart(stateDir, 10)).toBe(join(stateDir, 'video-2.mp4'));
    expect(readFileSync(join(stateDir, 'video.mp4')).equals(firstPart)).toBe(true);
    expect(runVideoFiles(stateDir)).toEqual(['video.mp4', 'video-2.mp4']);
    // A run's record beside its videos (an empty journal is enough for the report).
    writeFileSync(join(stateDir, 'journal.jsonl'), '');
    const html = renderReportHtml(await readRun(stateDir));
    for (const name of ['video.mp4', 'video-2.mp4']) expect(html).toContain(`href="${name}"`);
  }, 60000);
});

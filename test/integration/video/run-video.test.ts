// The run video a person can read (src/app/video/run-video.ts) from a real `benchhand run` on the
// virtual bench: a tap, a secret typed into a PIN field that shows it as typed, a tap that moves on.
// Checked with ffprobe (H.264, at least 540 wide, the index before the media so a browser plays it
// at once, as long as the run looked) and by reading its pictures: the typed PIN is painted over
// (a solid block where the field's text is) and OCR does not find it, though it reads the rest.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TesseractPool } from '../../../src/adapters/observer-camera/tesseract-pool.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { readRun } from '../../../src/app/report/read-run.js';
import { screenText } from '../../../src/core/vision/screen-model.js';
import { runCli, WITH_VIDEO } from '../../support/run-cli.js';

const TASK = 'test/fixtures/tasks/pin-shown.task.yaml';
const PIN = '73914682';
const stateDir = mkdtempSync(join(tmpdir(), 'bh-run-video-'));
const video = join(stateDir, 'video.mp4');
let ocr: TesseractPool;

beforeAll(async () => {
  const { code, stdout, stderr } = await runCli(
    ['run', TASK, '--sim', '--state-dir', stateDir, '--approve', 'all', '--video-inset'],
    '',
    WITH_VIDEO,
  );
  expect(code, stdout).toBe(0);
  expect(stderr).toContain(`video: ${video}`);
  ocr = await TesseractPool.start(1);
}, 240000);

afterAll(async () => {
  await ocr?.close();
});

/** The video's pictures as PNG files, one per encoded frame. */
function framesOf(file: string): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'bh-run-video-frames-'));
  execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-fps_mode', 'passthrough', join(folder, 'f%03d.png')]);
  return readdirSync(folder)
    .sort()
    .map((name) => join(folder, name));
}

/**
 * The longest run of near-black pixels (the secret painting's #202020) on any row of the screen
 * part, left of the camera inset (top right, a third of the width).
 */
async function longestDarkRun(png: string): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let longest = 0;
  // The caption bar below the screen is dark by design: only the screen's rows count.
  for (let y = 0; y < info.height - 60; y++) {
    let run = 0;
    for (let x = 0; x < info.width * 0.6; x++) {
      const i = (y * info.width + x) * 3;
      const dark = data[i]! < 60 && data[i + 1]! < 60 && data[i + 2]! < 60;
      run = dark ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
  }
  return longest;
}

describe("a run's video", () => {
  it('is H.264, at least 540 px wide, with its index first, as long as the run looked, linked from the report', async () => {
    const probe = JSON.parse(
      execFileSync(
        'ffprobe',
        ['-v', 'error', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', video],
        { encoding: 'utf8' },
      ),
    ) as { streams: { codec_name: string; width: number; height: number }[]; format: { duration: string } };
    expect(probe.streams[0]!.codec_name).toBe('h264');
    expect(probe.streams[0]!.width).toBeGreaterThanOrEqual(540);
    // Upright: a phone's screen is taller than wide (the camera's raw view is wider than tall).
    expect(probe.streams[0]!.height).toBeGreaterThan(probe.streams[0]!.width);
    const duration = Number(probe.format.duration);
    // At least the held last picture and a few looks; never more than the run's own length.
    expect(duration).toBeGreaterThan(2);
    expect(duration).toBeLessThan(120);
    const bytes = readFileSync(video);
    const moov = bytes.indexOf('moov'),
      mdat = bytes.indexOf('mdat');
    expect(moov).toBeGreaterThan(0);
    expect(moov).toBeLessThan(mdat);
    expect((await readRun(stateDir)).videos).toEqual(['video.mp4']);
  });

  it('paints the typed secret over, and the OCR reads the screen but not the secret', async () => {
    const frames = framesOf(video);
    expect(frames.length).toBeGreaterThanOrEqual(4);
    const runs = await Promise.all(frames.map(longestDarkRun));
    // Before anything is typed no picture has a solid block; after the PIN is typed, some do.
    expect(runs[0]).toBeLessThan(40);
    const painted = runs.findIndex((run) => run >= 60);
    expect(painted, `longest dark runs: ${runs.join(', ')}`).toBeGreaterThan(0);
    const reader = new ScreenReader(ocr, { kind: 'screenshot' });
    for (const index of [painted, runs.length - 1]) {
      const text = screenText((await reader.read(readFileSync(frames[index]!))).model);
      expect(text).not.toContain(PIN);
      expect(text).not.toMatch(/7391|4682/);
    }
    const onPinScreen = screenText((await reader.read(readFileSync(frames[painted]!))).model);
    expect(onPinScreen).toMatch(/Choose a PIN/);
  }, 120000);
});

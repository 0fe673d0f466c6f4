// The video of a run: every camera picture the run looked at, in order, with the time it was
// taken, put together by ffmpeg into one MP4 (H.264, one video frame a picture held
// until the next one: a variable frame rate, so a slow run's minutes of held pictures cost a few
// dozen encoded frames, not ten a second; the index at the front, -movflags +faststart, so a browser
// plays it at once) at STATE_DIR/video.mp4. The observer pipeline's video stage
// (app/bench/observer-pipeline.ts) hands it every look after the secrets stage painted it; it keeps
// each new picture's bytes as they came (no decoding in the run) in STATE_DIR/video-frames/;
// finish() lets the caller redraw the pictures (app/video/run-video.ts: upright, marked, captioned),
// runs ffmpeg once and removes the pictures. A failed write or a missing ffmpeg is said in the
// result, never fails the run.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Observation } from '../../core/ports/observer.js';

export const VIDEO_FILE = 'video.mp4';
/** A resumed run's part: video-2.mp4, video-3.mp4, ... beside the first, never over it. */
const VIDEO_PART = /^video-([1-9][0-9]{0,3})\.mp4$/;
const FRAMES_DIR = 'video-frames';
/** Bounded: past this many pictures the rest of the run is not in the video (it says so). */
const MAX_FRAMES = 3000;

/**
 * A picture kept for the video: its file, the look's time (the camera's clock: how long it is
 * held) and the wall-clock time (ms) it reached the video (to place the journal's actions on it).
 */
export interface KeptPicture {
  file: string;
  at: number;
  wallAt: number;
}

/** The pictures as they will be in the video (each a file, in order), made from the kept ones. */
export type RedrawPictures = (pictures: readonly KeptPicture[], folder: string) => Promise<KeptPicture[]>;

export type VideoMade = { path: string } | { problem: string };

export interface LookRecorder {
  /** Takes a look's picture when it is new (the pipeline's video stage calls it for every look). */
  keep(look: Observation): void;
  /** Writes the video; its path, or why there is none. */
  finish(redraw?: RedrawPictures): Promise<VideoMade>;
}

export function recordLooks(stateDir: string, ffmpeg = 'ffmpeg', now: () => number = Date.now): LookRecorder {
  const folder = join(stateDir, FRAMES_DIR);
  const frames: KeptPicture[] = [];
  let lastSequence = -1;
  let writes: Promise<unknown> = mkdir(folder, { recursive: true });
  let problem: string | undefined;
  const keep = (seen: Observation) => {
    const frame = seen.frame;
    if (!frame || frame.sequence === lastSequence || frames.length >= MAX_FRAMES) return;
    lastSequence = frame.sequence;
    const file = join(folder, `${String(frames.length).padStart(5, '0')}.${frame.format === 'png' ? 'png' : 'jpg'}`);
    frames.push({ file, at: seen.at, wallAt: now() });
    const bytes = frame.image;
    writes = writes
      .then(() => writeFile(file, bytes))
      .catch((error: unknown) => (problem ??= (error as Error).message));
  };
  return {
    keep,
    finish: async (redraw) => {
      await writes;
      if (problem) return { problem: `the video's pictures could not be written: ${problem}` };
      if (!frames.length) return { problem: 'the run looked at no camera picture, so there is no video' };
      // A resumed run's part goes beside the earlier ones (video-2.mp4, ...): one run's video is never overwritten.
      const out = join(stateDir, nextVideoFile(stateDir));
      const partial = join(stateDir, `partial-${VIDEO_FILE}`);
      let pictures: readonly KeptPicture[] = frames;
      try {
        if (redraw) pictures = await redraw(frames, folder);
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        return { problem: `the video's pictures could not be drawn: ${(error as Error).message}` };
      }
      try {
        const list = join(folder, 'frames.txt');
        await writeFile(list, concatList(pictures));
        await run(ffmpeg, [
          '-y',
          '-loglevel',
          'error',
          '-f',
          'concat',
          '-safe',
          '0',
          '-i',
          list,
          '-vf',
          // H.264 in yuv420p wants even sides; a picture not redrawn is scaled as before.
          redraw ? 'scale=trunc(iw/2)*2:trunc(ih/2)*2' : 'scale=720:-2',
          '-fps_mode',
          'vfr',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-pix_fmt',
          'yuv420p',
          '-movflags',
          '+faststart',
          partial,
        ]);
        // Only a whole video is ever at its name (a report links it as soon as it exists).
        await rename(partial, out);
      } catch (error) {
        await rm(partial, { force: true });
        return {
          problem: `ffmpeg could not make the video: ${(error as Error).message.split('\n')[0]} (install ffmpeg: scripts/setup-system.sh)`,
        };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
      return { path: out };
    },
  };
}

/** The run's videos in the state directory, in the order they were made: video.mp4, video-2.mp4, ... */
export function runVideoFiles(stateDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(stateDir);
  } catch {
    return [];
  }
  const parts = names
    .map((name) => ({ name, part: VIDEO_PART.exec(name)?.[1] }))
    .filter((entry): entry is { name: string; part: string } => entry.part !== undefined && entry.part !== '1')
    .sort((a, b) => Number(a.part) - Number(b.part))
    .map((entry) => entry.name);
  return [...(names.includes(VIDEO_FILE) ? [VIDEO_FILE] : []), ...parts];
}

/** The name the next part of a run's video takes: video.mp4 first, then video-2.mp4 and on. */
function nextVideoFile(stateDir: string): string {
  if (!existsSync(join(stateDir, VIDEO_FILE))) return VIDEO_FILE;
  let part = 2;
  while (existsSync(join(stateDir, `video-${part}.mp4`))) part += 1;
  return `video-${part}.mp4`;
}

/** ffmpeg's concat list: each picture held until the next was taken (the last for a second). */
function concatList(frames: readonly KeptPicture[]): string {
  const lines = frames.flatMap((f, i) => {
    const next = frames[i + 1];
    const seconds = next ? Math.max(0.1, (next.at - f.at) / 1000) : 1;
    return [`file '${f.file.replace(/'/g, "'\\''")}'`, `duration ${seconds.toFixed(3)}`];
  });
  // The concat demuxer takes the last entry's duration only when the file is listed again.
  return `ffconcat version 1.0\n${lines.join('\n')}\nfile '${frames.at(-1)!.file.replace(/'/g, "'\\''")}'\n`;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { timeout: 120000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(stderr.trim() || error.message)) : resolve(),
    ),
  );
}

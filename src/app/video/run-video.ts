// The run video a person can read (STATE_DIR/video.mp4): every picture the run looked at, cut
// upright from the camera frame as the screen stands (the calibration's corners), at least 540 px
// wide (half the device's width by default), with what was sent on it drawn where it landed (a
// ring for a tap, a double ring for a long press, a path for a swipe or drag) and a caption bar
// below: the step, the action and its verdict from the journal (core/video/run-timeline.ts). The
// raw camera picture as a small inset when asked. The pictures reach the recorder after the
// secrets stage painted them (app/vision/secret-painting.ts), so a typed secret never shows.
// Drawn once at the end of the run, never on the loop's path (its cost: `npm run bench "run video"`).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOURNAL_FILE } from '../../adapters/store/file-run-store.js';
import { decodePixels, encodeJpeg, type PlacedSvg } from '../../adapters/picture/pictures.js';
import { recordLooks, type KeptPicture, type LookRecorder, type VideoMade } from '../../adapters/video/record-looks.js';
import { journalRecordSchema, type JournalRecord } from '../../core/ports/journal-record.js';
import { screenMapping, type ScreenCalibration } from '../../core/vision/calibration.js';
import { runTimeline, type PictureOverlay } from '../../core/video/run-timeline.js';
import { sampleUpright } from '../bench/approval-picture.js';
import { MIN_VIDEO_WIDTH_PX } from '../../config/video-section.js';

export interface RunVideoOptions {
  /** The raw camera picture in a corner (config `video.inset`, flag --video-inset). */
  inset?: boolean;
  /** Width of the video in pixels: at least 540; default half the device's width. */
  width?: number;
}

export const MIN_VIDEO_WIDTH = MIN_VIDEO_WIDTH_PX;
const CAPTION_HEIGHT = 56;
const QUALITY = 85;
const DRAWN_AT_ONCE = 2;

export interface RunVideo extends Pick<LookRecorder, 'keep'> {
  /** Draws the pictures and writes the video; its path, or why there is none. */
  finish(): Promise<VideoMade>;
}

export function runVideo(stateDir: string, calibration: ScreenCalibration, options: RunVideoOptions = {}): RunVideo {
  const recorder = recordLooks(stateDir);
  return {
    keep: (look) => recorder.keep(look),
    finish: () =>
      recorder.finish(async (pictures, folder) => {
        const overlays = runTimeline(
          pictures.map((picture) => picture.wallAt),
          await readJournal(stateDir),
        );
        // Two at a time: decoding and encoding run on sharp's threads, so a second core shortens the wait.
        const drawn: KeptPicture[] = [];
        for (let start = 0; start < pictures.length; start += DRAWN_AT_ONCE) {
          const batch = pictures.slice(start, start + DRAWN_AT_ONCE).map(async (picture, offset) => {
            const index = start + offset;
            const file = join(folder, `drawn-${String(index).padStart(5, '0')}.jpg`);
            await writeFile(
              file,
              await drawPicture(await readFile(picture.file), calibration, overlays[index]!, options),
            );
            return { ...picture, file };
          });
          drawn.push(...(await Promise.all(batch)));
        }
        return drawn;
      }),
  };
}

/** The size of the video's screen part: even sides, at least 540 wide. */
export function videoScreenSize(
  calibration: Pick<ScreenCalibration, 'deviceSize'>,
  width?: number,
): { width: number; height: number; scale: number } {
  const device = calibration.deviceSize;
  const wanted = even(Math.max(MIN_VIDEO_WIDTH, width ?? Math.round(device.width / 2)));
  const scale = wanted / device.width;
  return { width: wanted, height: even(device.height * scale), scale };
}

/** One picture of the video: the screen upright, the marks, the caption below, the camera inset. */
export async function drawPicture(
  camera: Uint8Array,
  calibration: ScreenCalibration,
  overlay: PictureOverlay,
  options: RunVideoOptions = {},
): Promise<Buffer> {
  const size = videoScreenSize(calibration, options.width);
  const pixels = await decodePixels(camera, { srgb: true });
  const screen = sampleUpright(pixels.data, pixels.width, pixels.height, screenMapping(calibration).toCamera, {
    left: 0,
    top: 0,
    scale: size.scale,
    width: size.width,
    height: size.height,
  });
  const whole = Buffer.alloc(size.width * (size.height + CAPTION_HEIGHT) * 3, 24);
  screen.copy(whole, 0);
  const inset = options.inset ? await insetOf(camera, size.width) : undefined;
  // The caption bar is drawn on its own small canvas; the marks and the inset on one the screen's
  // size only when there are any (most pictures have none): an SVG costs in proportion to its canvas.
  const layers: PlacedSvg[] = [{ svg: Buffer.from(captionSvg(overlay, size)), top: size.height, left: 0 }];
  if (overlay.marks.length || inset) layers.push({ svg: Buffer.from(marksSvg(overlay, size, inset)), top: 0, left: 0 });
  return encodeJpeg(whole, { width: size.width, height: size.height + CAPTION_HEIGHT }, QUALITY, layers);
}

const VERDICT_COLOUR: Record<PictureOverlay['verdict'], string> = {
  done: '#7ee07e',
  failed: '#ff7b72',
  pending: '#f2cc60',
  none: '#d0d0d0',
};

function marksSvg(
  overlay: PictureOverlay,
  size: { width: number; height: number; scale: number },
  inset?: { base64: string; width: number; height: number },
): string {
  const s = size.scale;
  const ring = Math.max(14, 48 * s);
  const marks = overlay.marks.map((mark) => {
    if (mark.kind === 'ring') {
      const x = (mark.x * s).toFixed(1),
        y = (mark.y * s).toFixed(1);
      const outer = `<circle cx="${x}" cy="${y}" r="${ring.toFixed(1)}" fill="none" stroke="#ff2d55" stroke-width="4"/>`;
      const dot = `<circle cx="${x}" cy="${y}" r="4" fill="#ff2d55"/>`;
      const held = mark.held
        ? `<circle cx="${x}" cy="${y}" r="${(ring * 1.5).toFixed(1)}" fill="none" stroke="#ff2d55" stroke-width="2" stroke-dasharray="6 4"/>`
        : '';
      return outer + held + dot;
    }
    const points = mark.points.map((p) => `${(p.x * s).toFixed(1)},${(p.y * s).toFixed(1)}`);
    const start = mark.points[0]!,
      end = mark.points.at(-1)!;
    return (
      `<polyline points="${points.join(' ')}" fill="none" stroke="#ff2d55" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<circle cx="${(start.x * s).toFixed(1)}" cy="${(start.y * s).toFixed(1)}" r="9" fill="none" stroke="#ff2d55" stroke-width="3"/>` +
      `<circle cx="${(end.x * s).toFixed(1)}" cy="${(end.y * s).toFixed(1)}" r="7" fill="#ff2d55"/>`
    );
  });
  const insetImage = inset
    ? `<rect x="${size.width - inset.width - 10}" y="8" width="${inset.width + 4}" height="${inset.height + 4}" fill="#ffffff"/>` +
      `<image x="${size.width - inset.width - 8}" y="10" width="${inset.width}" height="${inset.height}" href="data:image/jpeg;base64,${inset.base64}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${marks.join('')}${insetImage}</svg>`;
}

/** The caption bar below the screen: the step, the action and its verdict in the verdict's colour. */
function captionSvg(overlay: PictureOverlay, size: { width: number }): string {
  const fontSize = Math.max(18, Math.round(size.width / 28));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${CAPTION_HEIGHT}">` +
    `<rect x="0" y="0" width="${size.width}" height="${CAPTION_HEIGHT}" fill="#181818"/>` +
    `<text x="10" y="${CAPTION_HEIGHT / 2 + fontSize / 3}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="${VERDICT_COLOUR[overlay.verdict]}">${escapeXml(fitCaption(overlay.caption, size.width, fontSize))}</text></svg>`
  );
}

/** The raw camera picture, a third of the video's width, as a JPEG for the overlay. */
async function insetOf(
  camera: Uint8Array,
  videoWidth: number,
): Promise<{ base64: string; width: number; height: number }> {
  const pixels = await decodePixels(camera, { srgb: true });
  const width = Math.round(videoWidth / 3);
  const height = Math.round((pixels.height * width) / pixels.width);
  const scale = pixels.width / width;
  const small = Buffer.alloc(width * height * 3);
  for (let v = 0; v < height; v++)
    for (let u = 0; u < width; u++) {
      const from = (Math.floor(v * scale) * pixels.width + Math.floor(u * scale)) * 3;
      pixels.data.copy(small, (v * width + u) * 3, from, from + 3);
    }
  const jpeg = await encodeJpeg(small, { width, height }, 70);
  return { base64: jpeg.toString('base64'), width, height };
}

/** A caption wider than the picture is cut (about 0.55 em a character in DejaVu Sans). */
function fitCaption(caption: string, width: number, fontSize: number): string {
  const fits = Math.floor((width - 20) / (fontSize * 0.55));
  return caption.length > fits ? `${caption.slice(0, fits - 1)}…` : caption;
}

async function readJournal(stateDir: string): Promise<JournalRecord[]> {
  const text = await readFile(join(stateDir, JOURNAL_FILE), 'utf8').catch(() => '');
  return text.split('\n').flatMap((line) => {
    if (!line.trim()) return [];
    try {
      const parsed = journalRecordSchema.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

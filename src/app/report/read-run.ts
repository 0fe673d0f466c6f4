// Reads a run's state directory into the report's model: result.json (through the checked
// reader), journal.jsonl, audit.jsonl, the findings (beside the run, or in the parent state
// directory for runs under runs/), and the kept frames — each camera picture warped upright with
// the run's calibration here, at report time, so the run itself never pays for it.
import { runVideoFiles } from '../../adapters/video/record-looks.js';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { decodePixels, encodeJpeg, scaledJpeg } from '../../adapters/picture/pictures.js';
import { AUDIT_FILE } from '../../adapters/store/file-run-store.js';
import { findingsPath, parseFindingsText, previousFindingsPath } from '../../adapters/store/findings-file.js';
import { readJournal } from '../../adapters/store/journal-reader.js';
import { readResultFile } from '../../adapters/store/result-file-reader.js';
import type { FindingRecord } from '../../core/findings/finding-record.js';
import type { AuditRecord, JournalRecord } from '../../core/ports/run-store.js';
import { homographyFromPoints } from '../../core/vision/homography.js';
import { warpScreen } from '../../core/vision/warp.js';
import { findingsDirectoryFor } from '../agent/findings-log.js';
import {
  FRAME_CALIBRATION_FILE,
  FRAME_INDEX_FILE,
  FRAMES_DIR,
  type ApprovalEntry,
  type FrameCalibration,
  type FrameEntry,
  type FrameIndexEntry,
  type FrameLines,
} from './frame-index.js';
import type { Picture, ReportFrame, ReportInput } from './run-report.js';
import { readScreenshots, SCREENSHOTS_DIR } from './screenshots.js';

export interface ReadRunOptions {
  /** Width of each upright screen picture in the page (px; default 360). */
  pictureWidth?: number;
  /** JPEG quality of the inlined pictures (default 72). */
  quality?: number;
}

export class NotAStateDirectory extends Error {}

export async function readRun(stateDir: string, options: ReadRunOptions = {}): Promise<ReportInput> {
  const dir = resolve(stateDir);
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory())
    throw new NotAStateDirectory(
      `${dir} is not a directory: give the state directory of a run (benchhand run prints it)`,
    );
  const hasAny = ['result.json', 'journal.jsonl', AUDIT_FILE].some((name) => existsSync(join(dir, name)));
  if (!hasAny)
    throw new NotAStateDirectory(
      `${dir} holds no result.json, journal.jsonl or ${AUDIT_FILE}: it is not the state directory of a run`,
    );
  const problems: string[] = [];

  const loaded = await readResultFile(dir);
  let journal: JournalRecord[] = [];
  try {
    const read = await readJournal(dir);
    journal = read.records;
    if (read.tornLastLine)
      problems.push("The journal's last line is torn (the run stopped while writing it); it is left out.");
  } catch (error) {
    problems.push(`The journal could not be read: ${(error as Error).message}`);
  }
  const audit = await readJsonLines<AuditRecord>(join(dir, AUDIT_FILE), 'audit log', problems);
  const findingsDir = findingsDirectoryFor(dir);
  const findings = await readFindings(findingsDir, problems);

  const framesDir = join(dir, FRAMES_DIR);
  const framesKept = existsSync(framesDir);
  const index = framesKept
    ? await readJsonLines<FrameIndexEntry>(join(framesDir, FRAME_INDEX_FILE), 'frame index', problems)
    : [];
  const calibration = framesKept
    ? await readJson<FrameCalibration>(join(framesDir, FRAME_CALIBRATION_FILE))
    : undefined;
  if (framesKept && !calibration)
    problems.push('frames/calibration.json is missing: pictures are shown as the camera took them, without OCR boxes.');
  const pictures = new Map<string, Promise<Picture | undefined>>();
  const frames: ReportFrame[] = [];
  const entries = index.filter((e): e is FrameEntry => e.type === 'frame');
  let dropped = 0;
  for (const entry of entries) {
    if (!pictures.has(entry.file))
      pictures.set(entry.file, pictureFor(join(framesDir, entry.file), calibration, options));
    const picture = await pictures.get(entry.file)!;
    const lines = calibration ? await readJson<FrameLines>(join(framesDir, entry.lines)) : undefined;
    if (!picture) dropped++;
    frames.push({
      entry,
      ...(picture ? { picture } : { missing: 'picture dropped to keep frames/ within its budget, or deleted' }),
      ...(lines ? { lines } : {}),
    });
  }
  if (dropped)
    problems.push(
      `${dropped} kept picture${dropped === 1 ? ' is' : 's are'} no longer in frames/ (the oldest go first when the frame budget is reached).`,
    );
  const approvals = index.filter((e): e is ApprovalEntry => e.type === 'approval');
  const first = entries.find((e) => existsSync(join(framesDir, e.file)));
  const cameraView = first && calibration ? await cameraViewOf(join(framesDir, first.file), calibration) : undefined;

  return {
    stateDir: dir,
    generatedAt: new Date().toISOString(),
    ...(loaded.ok ? { checkpoint: loaded.checkpoint } : { checkpointProblem: loaded.message }),
    journal,
    audit,
    problems,
    findings,
    findingsPath: findingsPath(findingsDir),
    videos: runVideoFiles(dir),
    frames,
    approvals,
    framesKept,
    screenshots: await Promise.all(
      (await readScreenshots(dir)).map(async (s) => {
        const picture = s.file
          ? await pictureFor(join(dir, SCREENSHOTS_DIR, s.file), s.calibration, options)
          : undefined;
        return { name: s.name, texts: s.texts, savedAt: s.savedAt, ...(picture ? { picture } : {}) };
      }),
    ),
    ...(cameraView ? { cameraView } : {}),
    ...(calibration ? { deviceSize: calibration.deviceSize } : {}),
  };
}

/** The camera picture warped upright to the device's proportions (bilinear, the agent's own warp), as a JPEG data URL. */
export async function pictureFor(
  path: string,
  calibration: FrameCalibration | undefined,
  options: ReadRunOptions,
): Promise<Picture | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return undefined;
  }
  const quality = options.quality ?? 72;
  if (!calibration) {
    const { data, width, height } = await scaledJpeg(bytes, 480, quality);
    return { dataUrl: `data:image/jpeg;base64,${data.toString('base64')}`, width, height };
  }
  const info = await decodePixels(bytes, { srgb: true });
  const data = info.data;
  const rgb =
    info.channels === 3 ? new Uint8Array(data.buffer, data.byteOffset, data.length) : toRgb(data, info.channels);
  const width = options.pictureWidth ?? 360;
  const height = Math.round((width * calibration.deviceSize.height) / calibration.deviceSize.width);
  const out = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const upright = warpScreen({ data: rgb, width: info.width, height: info.height }, width, height, {
    cameraToScreen: homographyFromPoints(out, calibration.screenCorners),
    bezel: 0,
    bezelColor: [0, 0, 0],
    bench: [0, 0, 0],
  });
  const jpeg = await encodeJpeg(upright.data, { width, height }, quality);
  return { dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`, width, height };
}

async function cameraViewOf(path: string, calibration: FrameCalibration): Promise<ReportInput['cameraView']> {
  try {
    const bytes = await readFile(path);
    const { data, width, height, originalWidth } = await scaledJpeg(bytes, 560, 70);
    const scale = width / originalWidth;
    return {
      picture: { dataUrl: `data:image/jpeg;base64,${data.toString('base64')}`, width, height },
      corners: calibration.screenCorners.map((p) => ({ x: p.x * scale, y: p.y * scale })),
    };
  } catch {
    return undefined;
  }
}

function toRgb(data: Buffer, channels: number): Uint8Array {
  const pixels = data.length / channels;
  const out = new Uint8Array(pixels * 3);
  for (let i = 0; i < pixels; i++) {
    const v = data[i * channels]!;
    out[i * 3] = v;
    out[i * 3 + 1] = channels >= 3 ? data[i * channels + 1]! : v;
    out[i * 3 + 2] = channels >= 3 ? data[i * channels + 2]! : v;
  }
  return out;
}

async function readFindings(directory: string, problems: string[]): Promise<FindingRecord[]> {
  const path = findingsPath(directory);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return [];
  }
  try {
    return (await parseFindingsText(text, path, previousFindingsPath(directory))).findings;
  } catch (error) {
    problems.push(`The findings could not be read: ${(error as Error).message}`);
    return [];
  }
}

async function readJsonLines<T>(path: string, what: string, problems: string[]): Promise<T[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return [];
  }
  const out: T[] = [];
  const lines = text.split('\n');
  let bad = 0;
  lines.forEach((line) => {
    if (!line.trim()) return;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      bad++;
    }
  });
  if (bad)
    problems.push(
      `${bad} line${bad === 1 ? '' : 's'} of the ${what} could not be read and ${bad === 1 ? 'is' : 'are'} left out.`,
    );
  return out;
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

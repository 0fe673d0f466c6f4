// The flow's named screenshots: STATE_DIR/screenshots/NAME.jpg (the camera's own bytes) and one
// index line each (name, file, when, the text read, where the screen sits in the picture), kept
// whatever --keep-frames says, and read back for the run report.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Observation } from '../../core/ports/observer.js';
import type { FrameCalibration } from './frame-index.js';

export const SCREENSHOTS_DIR = 'screenshots';
const INDEX = 'index.jsonl';

export interface ScreenshotEntry {
  name: string;
  /** Relative to screenshots/; absent when the observer gives no picture (a fake). */
  file?: string;
  savedAt: string;
  texts: string[];
  calibration?: FrameCalibration;
}

/** Saves one screenshot; a name used again in the run gets -2, -3... so none is lost. Returns the path. */
export async function saveScreenshot(
  stateDir: string,
  name: string,
  observation: Observation,
  calibration?: FrameCalibration,
): Promise<string> {
  const dir = join(stateDir, SCREENSHOTS_DIR);
  await mkdir(dir, { recursive: true });
  const taken = new Set((await readScreenshots(stateDir)).map((e) => e.name));
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}-${n}`;
  const frame = observation.frame;
  const file = frame ? `${unique}.${frame.format === 'png' ? 'png' : 'jpg'}` : undefined;
  if (frame && file) await writeFile(join(dir, file), frame.image);
  const entry: ScreenshotEntry = {
    name: unique,
    ...(file ? { file } : {}),
    savedAt: new Date().toISOString(),
    texts: observation.screen.lines.map((l) => l.text),
    ...(calibration ? { calibration } : {}),
  };
  await appendFile(join(dir, INDEX), `${JSON.stringify(entry)}\n`);
  return join(SCREENSHOTS_DIR, file ?? INDEX);
}

export async function readScreenshots(stateDir: string): Promise<ScreenshotEntry[]> {
  let text: string;
  try {
    text = await readFile(join(stateDir, SCREENSHOTS_DIR, INDEX), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as ScreenshotEntry];
      } catch {
        return [];
      }
    });
}

// The real screens through the virtual camera with one fault on at a time, at its two strengths
// (src/sim/camera/camera-faults.ts): word recall and texts read per fault and strength, beside the
// screenshots and the default camera (real-screens.bench.ts). Words are counted against the truth
// as drawn (an ellipsized label's hidden words and a switch's undrawn ON/OFF left out, as the
// screenshots' figure "against the truth as drawn"); a word the fault pushes out of the picture or
// washes out counts as missed. Two figures per fault: the single frame (one raw frame read as it
// came) and the camera path (the look as the bench takes it: the quality gate's retakes and
// fusion, real-screens-camera-path.ts), with how its looks were chosen and what they cost.
// BENCHHAND_REAL_FAULTS=a,b (names from camera-faults.ts) measures only those, =none none;
// BENCHHAND_REAL_FAULT_PATHS=single or =camera only that figure (default both).
import {
  CAMERA_FAULTS,
  parseCameraFault,
  withCameraFault,
  type CameraFault,
} from '../../src/sim/camera/camera-faults.js';
import type { CameraOptionsInput } from '../../src/sim/camera/camera-options.js';
import type { ScreenReading } from '../../src/core/ports/screen-reader.js';
import { scoreScreen, withoutNoise, type ScreenScore } from './real-screens-score.js';
import type { RealScreen } from './real-screens-truth.js';
import { round } from './stats.js';
import { lookSummary, type Look } from './real-screens-camera-path.js';

export const FAULTS_VARIABLE = 'BENCHHAND_REAL_FAULTS';
export const FAULT_PATHS_VARIABLE = 'BENCHHAND_REAL_FAULT_PATHS';
const FAULT_PATHS = ['single', 'camera'] as const;
export type FaultPath = (typeof FAULT_PATHS)[number];

/** Which figures the fault table gives: the single frame, the camera path, or both (unset). */
export function chosenPaths(value = process.env[FAULT_PATHS_VARIABLE]): FaultPath[] {
  if (value === undefined || value.trim() === '') return [...FAULT_PATHS];
  return value.split(',').map((name) => {
    const found = FAULT_PATHS.find((path) => path === name.trim());
    if (!found)
      throw new Error(
        `${FAULT_PATHS_VARIABLE}: unknown path "${name}": use single, camera or single,camera (real-screens-faults.ts)`,
      );
    return found;
  });
}

export function chosenFaults(value = process.env[FAULTS_VARIABLE]): CameraFault[] {
  if (value === undefined || value.trim() === '' || value === 'all') return [...CAMERA_FAULTS];
  if (value === 'none') return [];
  return value.split(',').map(parseCameraFault);
}

/** Word recall against the truth as drawn and the share of texts read (CER ≤ 0.2), in %. */
export function recallAsDrawn(
  screens: RealScreen[],
  reads: { reading: ScreenReading; score: ScreenScore }[],
): { words: number; texts: number } {
  let found = 0,
    wanted = 0,
    textsRead = 0,
    texts = 0;
  screens.forEach((screen, index) => {
    const { reading, score } = reads[index]!;
    const clean = withoutNoise(screen.texts, (text) => score.texts[screen.texts.indexOf(text)]!.read);
    const drawn = scoreScreen(screen, reading.model, clean.texts);
    found += drawn.found;
    wanted += drawn.truthWords;
    textsRead += score.texts.filter((text) => text.cer <= 0.2).length;
    texts += score.texts.length;
  });
  return {
    words: wanted ? round((100 * found) / wanted, 1) : 0,
    texts: texts ? round((100 * textsRead) / texts, 1) : 0,
  };
}

type Reads = { reading: ScreenReading; score: ScreenScore }[];

export async function faultTable(
  screens: RealScreen[],
  readThrough: (camera: CameraOptionsInput) => Promise<Reads>,
  lookThrough: (camera: CameraOptionsInput) => Promise<Look[]>,
  paths: FaultPath[] = chosenPaths(),
): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  if (paths.includes('camera')) {
    // The camera path with no fault on: what the gate does to the default camera's frames.
    const looks = await lookThrough({});
    figures['camera path, no fault: words % as drawn | texts % read'] = cell(recallAsDrawn(screens, looks));
    figures[`camera path, no fault: ${LOOKS}`] = lookSummary(looks);
  }
  for (const fault of chosenFaults()) {
    const single: string[] = [],
      path: string[] = [],
      chosen: string[] = [];
    for (const strength of ['mild', 'severe'] as const) {
      const camera = withCameraFault(fault, strength);
      if (paths.includes('single'))
        single.push(`${strength} ${cell(recallAsDrawn(screens, await readThrough(camera)))}`);
      if (paths.includes('camera')) {
        const looks = await lookThrough(camera);
        path.push(`${strength} ${cell(recallAsDrawn(screens, looks))}`);
        chosen.push(`${strength} ${lookSummary(looks)}`);
      }
    }
    if (single.length)
      figures[`camera fault ${fault}, single frame: words % as drawn | texts % read`] = single.join(', ');
    if (path.length) {
      figures[`camera fault ${fault}, camera path (gate): words % as drawn | texts % read`] = path.join(', ');
      figures[`camera fault ${fault}, camera path: ${LOOKS}`] = chosen.join('; ');
    }
  }
  return figures;
}

const LOOKS =
  'looks first/retaken/fused/bracketed/best_of_failed, frames per look (mean), CPU ms per look (gate + read, median), shutter changes (exposure retakes), bracketed frames (glare-bracket.ts)';

const cell = ({ words, texts }: { words: number; texts: number }) => `${words} | ${texts}`;

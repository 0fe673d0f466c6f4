// The real screens through the virtual camera with one fault on at a time, at its two strengths
// (src/sim/camera/camera-faults.ts): word recall and texts read per fault and strength, beside the
// screenshots and the default camera (real-screens.bench.ts). Words are counted against the truth
// as drawn (an ellipsized label's hidden words and a switch's undrawn ON/OFF left out, as the
// screenshots' figure "against the truth as drawn"); a word the fault pushes out of the picture or
// washes out counts as missed. BENCHHAND_REAL_FAULTS=a,b (names from camera-faults.ts) measures
// only those, =none none.
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

export const FAULTS_VARIABLE = 'BENCHHAND_REAL_FAULTS';

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

export async function faultTable(
  screens: RealScreen[],
  readThrough: (camera: CameraOptionsInput) => Promise<{ reading: ScreenReading; score: ScreenScore }[]>,
): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  for (const fault of chosenFaults()) {
    const cells: string[] = [];
    for (const strength of ['mild', 'severe'] as const) {
      const { words, texts } = recallAsDrawn(screens, await readThrough(withCameraFault(fault, strength)));
      cells.push(`${strength} ${words} | ${texts}`);
    }
    figures[`camera fault ${fault}: words % as drawn | texts % read`] = cells.join(', ');
  }
  return figures;
}

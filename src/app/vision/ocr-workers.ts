// How many tesseract workers a bench reads with: bands, buttons and doubtful lines are read side
// by side, so a second worker roughly halves a changed screen's read where a core is free for it.
// One core is left to the camera, the MCU link and the loop: 2 workers on a Raspberry Pi 4 (4
// cores), 1 on a 2-core machine. BENCHHAND_OCR_WORKERS (1..4) overrides; each worker holds the
// English model in memory (about 40 MB).
import { availableParallelism } from 'node:os';

export const OCR_WORKERS_VARIABLE = 'BENCHHAND_OCR_WORKERS';

export function ocrWorkers(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const set = env[OCR_WORKERS_VARIABLE];
  if (set !== undefined && set !== '') {
    const workers = Number(set);
    if (!Number.isInteger(workers) || workers < 1 || workers > 4)
      throw new Error(
        `${OCR_WORKERS_VARIABLE} must be a whole number from 1 to 4; got "${set}". Unset it to let the bench choose by its cores.`,
      );
    return workers;
  }
  return Math.min(2, Math.max(1, cores - 1));
}

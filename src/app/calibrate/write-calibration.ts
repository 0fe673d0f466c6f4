// `benchhand calibrate` writes its block atomically: a crash mid-write leaves the old file whole.
import { writeFileAtomic } from '../../adapters/store/atomic-file.js';

export function writeCalibrationFile(path: string, block: unknown): Promise<void> {
  return writeFileAtomic(path, `${JSON.stringify(block, null, 2)}\n`);
}

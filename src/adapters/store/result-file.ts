// The result file, written so that a reader always finds a complete one, with the previous good
// copy kept as result.prev.json (see atomic-file.ts). The checksum is the core's.
import { join } from 'node:path';
import type { Checkpoint } from '../../core/state/checkpoint.js';
import { checkpointChecksum } from '../../core/state/checkpoint-checksum.js';
import { PREVIOUS_RESULT_FILE, RESULT_FILE } from '../../core/state/read-checkpoint.js';
import { writeFileAtomic } from './atomic-file.js';

export { PREVIOUS_RESULT_FILE, RESULT_FILE };

/** Writes the checkpoint with its checksum; returns the bytes written (a flash-wear figure). */
export async function writeResultFile(stateDir: string, checkpoint: Checkpoint): Promise<number> {
  const withSum = { ...checkpoint, checksum: checkpointChecksum(checkpoint) };
  const text = `${JSON.stringify(withSum, null, 1)}\n`;
  await writeFileAtomic(join(stateDir, RESULT_FILE), text, { previousCopy: join(stateDir, PREVIOUS_RESULT_FILE) });
  return Buffer.byteLength(text);
}

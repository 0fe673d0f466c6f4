// The result file's checksum: SHA-256 over the checkpoint's JSON without its checksum field, as
// hex. Written with every checkpoint, checked on every load (a changed or damaged file is refused).
// Pure.
import type { Checkpoint } from './checkpoint.js';
import { sha256Hex } from './sha256.js';

export function checkpointChecksum(checkpoint: Omit<Checkpoint, 'checksum'> & { checksum?: string }): string {
  const { checksum: _ignored, ...body } = checkpoint;
  return sha256Hex(JSON.stringify(body));
}

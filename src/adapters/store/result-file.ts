// The result file, written so that a reader always finds a complete one: the new content goes
// to a temp file (fsync), the current file is hard-linked to result.prev.json (the previous good
// copy), then the temp file is renamed over result.json and the directory is fsync'd.
import { createHash } from 'node:crypto';
import { link, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Checkpoint } from '../../core/state/checkpoint.js';
import { fsyncDirectory } from './atomic-file.js';

export const RESULT_FILE = 'result.json';
export const PREVIOUS_RESULT_FILE = 'result.prev.json';

/** SHA-256 over the checkpoint's JSON without its checksum field, as hex. */
export function checkpointChecksum(checkpoint: Omit<Checkpoint, 'checksum'> & { checksum?: string }): string {
  const { checksum: _ignored, ...body } = checkpoint;
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export async function writeResultFile(stateDir: string, checkpoint: Checkpoint): Promise<number> {
  const withSum = { ...checkpoint, checksum: checkpointChecksum(checkpoint) };
  const text = `${JSON.stringify(withSum, null, 1)}\n`;
  const path = join(stateDir, RESULT_FILE);
  const temp = join(stateDir, `.${RESULT_FILE}.${process.pid}.tmp`);
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await keepPreviousCopy(stateDir, path);
  await rename(temp, path);
  await fsyncDirectory(stateDir);
  return Buffer.byteLength(text);
}

async function keepPreviousCopy(stateDir: string, path: string): Promise<void> {
  const staging = join(stateDir, `.${PREVIOUS_RESULT_FILE}.tmp`);
  await unlink(staging).catch(() => undefined);
  try {
    await link(path, staging);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // the first write of a run
    throw error;
  }
  await rename(staging, join(stateDir, PREVIOUS_RESULT_FILE));
}

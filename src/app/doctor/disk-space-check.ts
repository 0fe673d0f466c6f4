// Free space where the state directory lives: runs write frames, journals and results there.
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { existsSync } from 'node:fs';
import { fail, pass, warn, type CheckResult } from './check-result.js';

export const DISK_NAME = 'disk-space';
export const WARN_BELOW_BYTES = 1024 ** 3;
export const FAIL_BELOW_BYTES = 100 * 1024 ** 2;

export type FreeBytes = (path: string) => number;

export const freeBytesOf: FreeBytes = (path) => {
  const stats = statfsSync(path);
  return stats.bavail * stats.bsize;
};

export function checkDiskSpace(stateDir: string, freeBytes: FreeBytes = freeBytesOf): CheckResult {
  const measured = nearestExisting(stateDir);
  const free = freeBytes(measured);
  const where = measured === stateDir ? stateDir : `${stateDir} (not created yet; measured on ${measured})`;
  const amount = describeBytes(free);
  const fix = `free space on that filesystem (old runs under ${stateDir}, sudo apt-get clean, sudo journalctl --vacuum-size=100M) or set bench.stateDir to a bigger disk`;
  if (free < FAIL_BELOW_BYTES) return fail(DISK_NAME, `only ${amount} free for ${where} (needs at least 100 MB)`, fix);
  if (free < WARN_BELOW_BYTES) return warn(DISK_NAME, `only ${amount} free for ${where} (below 1 GB)`, fix);
  return pass(DISK_NAME, `${amount} free for ${where}`);
}

function nearestExisting(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

export function describeBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}

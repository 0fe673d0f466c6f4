// The name of a group id, from /etc/group (no getgrgid in node), for the "add yourself to the
// dialout group" hint.
import { readFileSync } from 'node:fs';

export function groupName(gid: number, groupFile = '/etc/group'): string | undefined {
  try {
    for (const line of readFileSync(groupFile, 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (name && Number(id) === gid) return name;
    }
  } catch {
    // no group file: the hint falls back to dialout
  }
  return undefined;
}

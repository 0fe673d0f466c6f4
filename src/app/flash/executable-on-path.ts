// Whether a program can be run by name, found the way a shell would: the first executable file
// of that name in a PATH directory. No shell is started, so nothing in the name is interpreted.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export function findOnPath(name: string, path: string = process.env.PATH ?? ''): string | undefined {
  for (const directory of path.split(delimiter).filter(Boolean)) {
    const candidate = join(directory, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

// Every file a tool touches must stay inside the state directory, checked after the path is
// resolved: no "..", no absolute names, no symlink leading out.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

export class ConfinementError extends Error {}

export async function confinedPath(root: string, ...parts: string[]): Promise<string> {
  const realRoot = await realpath(root);
  const wanted = resolve(realRoot, ...parts);
  const outside = (path: string) => {
    const rel = relative(realRoot, path);
    return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  };
  if (outside(wanted)) throw new ConfinementError(`${parts.join('/')} is outside the state directory ${realRoot}`);
  // Resolve whatever part of the path exists already: a symlink in it may point elsewhere.
  let existing = wanted;
  for (;;) {
    try {
      const real = await realpath(existing);
      if (outside(real))
        throw new ConfinementError(
          `${parts.join('/')} leads outside the state directory ${realRoot} (through a symlink)`,
        );
      return wanted;
    } catch (error) {
      if (error instanceof ConfinementError) throw error;
      const parent = resolve(existing, '..');
      if (parent === existing) return wanted;
      existing = parent;
    }
  }
}

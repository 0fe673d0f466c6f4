// Writes Maestro flow files into a fresh temporary folder for the loader's tests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function maestroFolder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'bh-maestro-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

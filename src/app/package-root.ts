// The installed package's root, whether running from src/ (tests, tsx) or dist/ (installed).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..');
}

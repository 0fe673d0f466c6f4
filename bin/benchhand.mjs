#!/usr/bin/env node
// The installed entry point. `npm install` builds dist/ (the prepare script).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/run.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('benchhand: dist/ is missing; run `npm install` (or `npm run build`) in the benchhand folder first.\n');
  process.exit(1);
}
await import(entry.href);

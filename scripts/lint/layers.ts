// `npm test` runs this first: src/ must keep its layers (scripts/lint/layer-rules.ts) and have no
// import cycles. Prints each violation with its file and line; exit 1 when there is one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEdges } from './import-graph.js';
import { importCycles, layerViolations, type Allowed } from './layer-rules.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

const files = new Map(sourceFiles('src').map((path) => [path, readFileSync(join(root, path), 'utf8')]));
const allowed = JSON.parse(readFileSync(join(root, 'scripts/lint/layers-allowed.json'), 'utf8')) as Allowed[];
const edges = importEdges(files);
const violations = layerViolations(edges, allowed);
const cycles = importCycles(edges, allowed);
for (const v of violations) process.stderr.write(`${v.file}:${v.line}: ${v.rule}: ${v.message}\n`);
for (const cycle of cycles)
  process.stderr.write(`import cycle: ${cycle.join(' -> ')} (break it: move what both need into a third file)\n`);
if (violations.length || cycles.length) {
  process.stderr.write(
    `layers: ${violations.length} forbidden import(s), ${cycles.length} cycle(s); the rules are in scripts/lint/layer-rules.ts\n`,
  );
  process.exit(1);
}
process.stdout.write(`layers: ${files.size} files, ${edges.length} imports, no forbidden import and no cycle\n`);

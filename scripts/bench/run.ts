// `npm run bench [NAME]`: every benchmark (or those whose name holds NAME), printed as a table and
// saved to build/bench/results.json. `npm run bench -- --smoke [NAME]`: each at its tiny smoke size
// (scripts/bench/registry.ts), saved to build/bench/smoke-results.json; the figures mean nothing.
// `--out FILE` saves to FILE instead (the CI smoke tests run benchmarks side by side, each its own file).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { BENCHMARKS } from './registry.js';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
if (outAt >= 0 && (!out || out.startsWith('--'))) {
  process.stderr.write('npm run bench: --out needs a file to save the figures to, e.g. --out /tmp/figures.json\n');
  process.exit(2);
}
const only = args.find((arg, index) => !arg.startsWith('--') && (outAt < 0 || index !== outAt + 1));
const results: Record<string, unknown> = {
  machine: `${process.platform} ${process.arch}, node ${process.version}`,
  at: new Date().toISOString(),
  ...(smoke ? { mode: 'smoke: tiny sizes, the figures measure nothing' } : {}),
};
for (const benchmark of BENCHMARKS) {
  if (only && !benchmark.name.toLowerCase().includes(only.toLowerCase())) continue;
  const size = smoke ? benchmark.smoke : benchmark.full;
  process.stdout.write(`\n## ${benchmark.name}${smoke ? ` (smoke, size ${size})` : ''}\n`);
  const started = performance.now();
  const figures = await benchmark.run(size);
  for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(66)} ${value}\n`);
  if (smoke) process.stdout.write(`  smoke run ended in ${Math.round(performance.now() - started)} ms\n`);
  results[benchmark.name] = figures;
}
const file = out ?? (smoke ? 'build/bench/smoke-results.json' : 'build/bench/results.json');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`\nsaved ${file}\n`);

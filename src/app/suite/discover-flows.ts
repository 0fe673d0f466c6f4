// Which flow files `benchhand test PATH...` runs: each file named, and in each folder (and its
// subfolders) every .yaml/.yml file, by name. Names starting with "_" are left out — the place
// for sub-flows (run_flow) and shared files, which are not tests of their own.
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const FLOW_FILE = /\.ya?ml$/i;

export function discoverFlows(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new Error(`${path}: no such file or folder: name flow files (.yaml) or folders that hold them`);
    }
    if (stats.isDirectory()) found.push(...inFolder(path));
    else found.push(path);
  }
  const unique = [...new Set(found)];
  if (!unique.length)
    throw new Error(
      `no flow files in ${paths.join(', ')}: a flow is a .yaml file (names starting with "_" are sub-flows and left out)`,
    );
  return unique;
}

function inFolder(folder: string): string[] {
  const entries = readdirSync(folder, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('_') && !e.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((e) =>
    e.isDirectory() ? inFolder(join(folder, e.name)) : FLOW_FILE.test(e.name) ? [join(folder, e.name)] : [],
  );
}

/** A flow's name in results: its file name without .yaml (and without .flow/.task). */
export const flowName = (file: string): string =>
  basename(file)
    .replace(FLOW_FILE, '')
    .replace(/\.(flow|task)$/, '');

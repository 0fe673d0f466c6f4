// Which files a folder holds for `benchhand test`: a Maestro workspace (a config.yaml of flows /
// includeTags / excludeTags, or Maestro flows at its top) runs as Maestro runs it — the flows its
// `flows:` globs name (default: the files at its top), config.yaml itself left out, the
// workspace's tag filters applied; any other folder as before (discover-flows.ts), its subfolders
// looked at the same way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { discoverFlows } from '../discover-flows.js';
import { detectFormat } from './detect-format.js';
import { readMaestroFlow } from './read-maestro-file.js';

const FLOW_FILE = /\.ya?ml$/i;
const CONFIG_FILE = /^config\.ya?ml$/i;

interface WorkspaceConfig {
  flows?: string[];
  includeTags?: string[];
  excludeTags?: string[];
}

export function discoverSuite(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    let isFolder = false;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      found.push(...discoverFlows([path])); // says what is wrong with the path
      continue;
    }
    found.push(...(isFolder ? inFolder(path) : [path]));
  }
  const unique = [...new Set(found)];
  if (!unique.length) return discoverFlows(paths); // its "no flow files" message
  return unique;
}

function inFolder(folder: string): string[] {
  const entries = readdirSync(folder, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('_') && !e.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name));
  const files = entries.filter((e) => e.isFile() && FLOW_FILE.test(e.name)).map((e) => join(folder, e.name));
  const config = files.find(
    (f) => CONFIG_FILE.test(f.split(/[\\/]/).at(-1)!) && detectFormat(f) === 'maestro-workspace',
  );
  if (config || files.some((f) => detectFormat(f) === 'maestro')) return workspace(folder, config);
  return entries.flatMap((e) =>
    e.isDirectory() ? inFolder(join(folder, e.name)) : FLOW_FILE.test(e.name) ? [join(folder, e.name)] : [],
  );
}

/** Maestro's rule: the flows the config's globs name (default the top level), filtered by its tags. */
function workspace(folder: string, configFile: string | undefined): string[] {
  const config = (configFile ? parse(readFileSync(configFile, 'utf8')) : {}) as WorkspaceConfig;
  const globs = (config.flows ?? ['*']).map(globToRegex);
  const all = walk(folder).filter((f) => f !== configFile);
  const picked = all.filter((f) => globs.some((g) => g.test(relative(folder, f).split(/[\\/]/).join('/'))));
  return picked.filter((file) => tagsAllow(file, config));
}

function tagsAllow(file: string, config: WorkspaceConfig): boolean {
  if (!config.includeTags?.length && !config.excludeTags?.length) return true;
  let tags: string[] = [];
  try {
    tags = readMaestroFlow(file).config.tags;
  } catch {
    return true; // a broken file is reported when it loads
  }
  if (config.includeTags?.length && !tags.some((t) => config.includeTags!.includes(t))) return false;
  return !tags.some((t) => config.excludeTags?.includes(t));
}

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory() ? walk(join(folder, e.name)) : FLOW_FILE.test(e.name) ? [join(folder, e.name)] : [],
    );
}

/** A workspace glob: `*` within a folder, `**` across folders; a bare folder name means its files. */
export function globToRegex(glob: string): RegExp {
  const pattern = glob
    .replace(/\/$/, '/*')
    .split('/')
    .map((part) =>
      part === '**'
        ? '.*'
        : part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
    )
    .join('/');
  return new RegExp(
    `^${pattern.replace(/\/\.\*$/, '(/.*)?').replace(/\.\*\//g, '(.*/)?')}${/\.ya?ml$/i.test(glob) ? '' : '(\\.ya?ml)?'}$`,
  );
}

// Loads the bench's config file: YAML (or JSON) with line numbers, paths taken from the file's
// folder, environment overrides on top, then the one schema. Every problem names the line, the
// key, the rule and what to do; a key an environment variable set says so.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fieldName, flattenIssues, parseYaml, YamlFileError, type FileProblem, type Path } from './yaml-schema.js';
import { benchConfigSchema, type BenchConfig } from './bench-config-schema.js';
import { calibrationIssues } from './calibration-section.js';
import { ConfigError } from './config-error.js';
import { whatToDo } from './config-hints.js';
import { keysAt } from './config-keys.js';
import { applyEnvOverrides } from './env-overrides.js';
import { resolvePathsFrom } from './relative-paths.js';

type Env = Record<string, string | undefined>;

export interface LoadedConfig {
  file: string;
  config: BenchConfig;
  /** "mcu.port" -> "BENCHHAND_MCU_PORT", for every key an environment variable set. */
  fromEnv: Map<string, string>;
}

export function loadConfigFile(file: string, env: Env = process.env): LoadedConfig {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([
      `cannot read the config ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): check the path and that this user may read it`,
    ]);
  }
  return loadConfigText(text, path, env);
}

export function loadConfigText(text: string, file: string, env: Env = process.env): LoadedConfig {
  const { doc, locate } = parseYaml(text, file, 'config');
  const raw: unknown = doc.toJS() ?? {};
  const relative = isObject(raw) ? resolvePathsFrom(dirname(file), raw) : raw;
  const { config, fromEnv } = isObject(relative)
    ? applyEnvOverrides(relative, env)
    : { config: relative, fromEnv: new Map<string, string>() };
  const parsed = benchConfigSchema.safeParse(config);
  if (parsed.success) return { file, config: parsed.data, fromEnv };
  const calibration = isObject(config) ? config.calibration : undefined;
  const issues = parsed.error.issues.flatMap((issue) => calibrationIssues(issue, calibration));
  const problems: FileProblem[] = flattenIssues(issues, []).map((issue) => ({
    ...locate(issue.path, issue.key),
    field: fieldName(issue.path, issue.key),
    message: explain(issue.path, issue.key, issue.message, fromEnv, config),
  }));
  throw new YamlFileError(file, problems, 'config');
}

function explain(
  path: Path,
  key: string | undefined,
  rule: string,
  fromEnv: Map<string, string>,
  config: unknown,
): string {
  if (key !== undefined)
    return `${rule}; the keys ${path.length === 0 ? 'at the top level' : 'here'} are ${keysHere(path, config).join(', ')}`;
  const variable = fromEnv.get(fieldName(path));
  const hint = whatToDo(path);
  return `${rule}${variable ? ` (the value comes from $${variable})` : ''}${hint ? `; ${hint}` : ''}`;
}

/** A calibration is judged as the form it says it is (calibrationIssues): list that form's keys. */
function keysHere(path: Path, config: unknown): string[] {
  const keys = keysAt(benchConfigSchema, path);
  const calibration = isObject(config) ? config.calibration : undefined;
  if (path.length !== 1 || path[0] !== 'calibration' || !isObject(calibration)) return keys;
  return 'file' in calibration ? ['file'] : keys.filter((key) => key !== 'file');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Without a config file the environment overrides still apply, to an empty config. */
export function configFromEnvironment(env: Env = process.env): BenchConfig {
  return loadConfigText('', '(no config file: the BENCHHAND_* environment alone)', env).config;
}

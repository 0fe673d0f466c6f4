// `benchhand config check [FILE] [--print]`: validates the bench's config file with the schema
// the agent loads it with. Prints OK and one line per section, or every problem with its line,
// key, rule and fix (exit 1). --print shows the effective config (defaults, environment
// overrides, absolute paths); it holds no secrets, only the names of the variables that do.
import { YamlFileError } from '../../config/yaml-schema.js';
import { ConfigError } from '../../config/config-error.js';
import { CONFIG_FILE_ENV, configFileToUse, DEFAULT_CONFIG_FILE } from '../../config/config-file-location.js';
import { summaryLines } from '../../config/config-summary.js';
import { ENV_OVERRIDES } from '../../config/env-overrides.js';
import { loadConfigFile, type LoadedConfig } from '../../config/load-config.js';
import { effectiveConfigYaml } from '../../config/print-config.js';
import { checkReferencedFiles } from '../../config/referenced-files.js';
import { EXIT_BAD_INPUT, parseOptions, HelpRequested, UsageError } from '../args.js';

const USAGE = `benchhand config check [FILE] [--print]   (FILE defaults to $${CONFIG_FILE_ENV}, else ${DEFAULT_CONFIG_FILE}; see host/benchhand.example.yaml)`;

export async function configCommand(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  if (action === '--help' || action === '-h') throw new HelpRequested(USAGE);
  if (action !== 'check')
    throw new UsageError(
      `${action ? `unknown config action "${action}"` : 'say what to do'}\nusage: ${USAGE}\nenvironment overrides: ${ENV_OVERRIDES.map((override) => `${override.variable} (${override.section}.${override.key})`).join(', ')}`,
    );
  const { values, positionals } = parseOptions(rest, { print: { type: 'boolean' } }, USAGE);
  if (positionals.length > 1)
    throw new UsageError(`config check takes one FILE; got ${positionals.length}\nusage: ${USAGE}`);
  let loaded: LoadedConfig;
  try {
    const file = configFileToUse(positionals[0]);
    if (!file)
      throw new ConfigError([
        `no config file to check: name one, set $${CONFIG_FILE_ENV}, or install one at ${DEFAULT_CONFIG_FILE} (copy host/benchhand.example.yaml)`,
      ]);
    loaded = loadConfigFile(file);
  } catch (error) {
    return reportProblems(error);
  }
  const { problems, calibration } = checkReferencedFiles(loaded.config);
  if (problems.length > 0) {
    process.stderr.write(
      `${loaded.file}: ${problems.length} problem(s) with the files the config names:\n${problems.map((problem) => `  ${problem.replace(/\n/g, '\n  ')}`).join('\n')}\n`,
    );
    return EXIT_BAD_INPUT;
  }
  if (values.print) {
    process.stdout.write(effectiveConfigYaml(loaded));
    return 0;
  }
  const overrides = [...loaded.fromEnv].map(([field, variable]) => `${field} from $${variable}`);
  process.stdout.write(
    [
      `OK ${loaded.file}`,
      ...summaryLines(loaded.config, { env: process.env, calibration }).map((line) => `  ${line}`),
      ...(overrides.length > 0 ? [`  environment overrides: ${overrides.join(', ')}`] : []),
    ].join('\n') + '\n',
  );
  return 0;
}

function reportProblems(error: unknown): number {
  if (!(error instanceof YamlFileError) && !(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  return EXIT_BAD_INPUT;
}

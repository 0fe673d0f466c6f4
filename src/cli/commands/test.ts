// `benchhand test PATH... [--sim [DEVICE_FILE] | --bench URL | --config FILE] [--env K=V]...
// [--include-tags T,..] [--exclude-tags T,..] [--format junit] [--output DIR] [--approve all|none]`:
// runs flows (files, or every .yaml in folders) one after another on one bench, each with its own
// state directory and report; writes the suite's page, results.json and (--format junit) JUnit
// XML for CI. Exit 0 when every flow run passed, 1 when any failed or could not run, 130 on Ctrl-C.
// Maestro flows and workspaces run beside ours (docs/MAESTRO.md); --dry-run only loads and checks.
import { videoSettings } from '../../config/video-section.js';
import { join, resolve } from 'node:path';
import { deviceFileForTask, type RigSource } from '../../app/bench/rig.js';
import { discoverSuite } from '../../app/suite/maestro/discover-workspace.js';
import { detectFormat } from '../../app/suite/maestro/detect-format.js';
import { dryRun } from '../../app/suite/maestro/dry-run.js';
import { runSuite } from '../../app/suite/run-suite.js';
import type { BenchConfig } from '../../config/bench-config-schema.js';
import { ConfigError } from '../../config/config-error.js';
import { configFileToUse } from '../../config/config-file-location.js';
import { loadConfigFile } from '../../config/load-config.js';
import { YamlFileError } from '../../config/yaml-schema.js';
import { loadFlow } from '../../app/suite/flow-file.js';
import { defaultStateDir, parseOptions, UsageError } from '../args.js';
import { envPairs } from '../env-flag.js';

const USAGE =
  'benchhand test PATH... [--sim [DEVICE_FILE] | --bench URL | --config FILE] [--env KEY=VALUE]... [--include-tags T[,T]] [--exclude-tags T[,T]] [--format junit] [--output DIR] [--approve all|none] [--skip-unsupported] [--no-video] [--video-inset] [--dry-run] [--quiet]';

/** `--sim` may stand alone (each flow's own device): mark that before parseArgs sees it. */
function normaliseSimFlag(argv: string[]): string[] {
  return argv.map((arg, i) =>
    arg === '--sim' && (i + 1 >= argv.length || argv[i + 1]!.startsWith('-')) ? '--sim=' : arg,
  );
}

export async function testCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    normaliseSimFlag(argv),
    {
      sim: { type: 'string' },
      bench: { type: 'string' },
      config: { type: 'string' },
      env: { type: 'string', multiple: true },
      'include-tags': { type: 'string', multiple: true },
      'exclude-tags': { type: 'string', multiple: true },
      format: { type: 'string' },
      output: { type: 'string' },
      approve: { type: 'string' },
      quiet: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      'skip-unsupported': { type: 'boolean' },
      'no-video': { type: 'boolean' },
      'video-inset': { type: 'boolean' },
    },
    USAGE,
  );
  if (!positionals.length)
    throw new UsageError(`PATH is required: flow files (.yaml) or folders of them\nusage: ${USAGE}`);
  if (values.format !== undefined && values.format !== 'junit')
    throw new UsageError(`--format takes junit (JUnit XML for CI); got "${values.format}"\nusage: ${USAGE}`);
  const approve = values.approve ?? 'none';
  if (approve !== 'all' && approve !== 'none')
    throw new UsageError(
      `--approve must be all or none (a suite has no one to ask); got "${approve}"\nusage: ${USAGE}`,
    );
  const env = envPairs(values.env ?? [], USAGE);
  let files: string[];
  try {
    // Maestro workspaces by Maestro's rules, our folders as before (src/app/suite/maestro/).
    files = discoverSuite(positionals);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const skipUnsupported = values['skip-unsupported'] === true;
  if (values['dry-run']) {
    const checked = dryRun(files, { env, skipUnsupported });
    process.stdout.write(`${checked.lines.join('\n')}\n`);
    return checked.exitCode;
  }
  // Our own flows are loaded whole before any bench starts (Maestro flows are checked by their own loader).
  refuseBadFlows(
    files.filter((file) => detectFormat(file) === 'benchhand'),
    env,
  );
  const { rig, bench, config } = benchFor(values);
  const outputDir = resolve(
    values.output ??
      join(config?.bench?.stateDir ?? defaultStateDir(), 'suites', new Date().toISOString().replace(/[:.]/g, '-')),
  );
  const controller = new AbortController();
  const cancel = (signal: string) => () => controller.abort(`${signal} received`);
  process.once('SIGINT', cancel('SIGINT'));
  process.once('SIGTERM', cancel('SIGTERM'));
  const quiet = values.quiet === true;
  if (!quiet)
    process.stderr.write(
      `benchhand test: ${files.length} flow${files.length === 1 ? '' : 's'} on ${bench}; results in ${outputDir}\n`,
    );
  const outcome = await runSuite({
    files,
    outputDir,
    rig,
    bench,
    env,
    approvals: approve,
    signal: controller.signal,
    junit: values.format === 'junit',
    skipUnsupported,
    includeTags: tagList(values['include-tags']),
    excludeTags: tagList(values['exclude-tags']),
    guardrails: config?.guardrails ?? {},
    // Each flow's video (STATE_DIR/video.mp4): the config's video section, the flags over it.
    video: videoSettings(config?.video, { noVideo: values['no-video'], inset: values['video-inset'] }),
    out: quiet ? undefined : { write: (text) => process.stdout.write(text), live: process.stdout.isTTY === true },
  });
  const count = (status: string) => outcome.results.filter((r) => r.status === status).length;
  const failed = count('failed') + count('error');
  process.stdout.write(
    `${count('passed')} passed, ${failed} failed${count('skipped') ? `, ${count('skipped')} skipped` : ''} in ${(outcome.info.durationMs / 1000).toFixed(1)} s\n`,
  );
  process.stdout.write(`suite page: ${outcome.pagePath}${outcome.junitPath ? `\nJUnit: ${outcome.junitPath}` : ''}\n`);
  if (controller.signal.aborted) return 130;
  return failed ? 1 : 0;
}

/**
 * Bad input is refused before any bench starts, with the exit code of every command's bad input
 * (2): a flow that does not load names its file, line, field and fix, and nothing runs.
 */
function refuseBadFlows(files: string[], env: Record<string, string>): void {
  const problems: string[] = [];
  for (const file of files) {
    try {
      loadFlow(file, { env });
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length)
    throw new UsageError(
      `${problems.length} of ${files.length} flow file(s) do not load; nothing was run:\n${problems.join('\n')}`,
    );
}

const tagList = (values: string[] | undefined) =>
  values
    ?.flatMap((v) => v.split(','))
    .map((t) => t.trim())
    .filter(Boolean);

/** One bench for the suite: a virtual phone per flow (--sim: each flow's device, or the one named), a running virtual bench, or the rig from the config. */
function benchFor(values: { sim?: string; bench?: string; config?: string }): {
  rig: RigSource | ((flow: { device?: string }, file: string) => RigSource);
  bench: string;
  config?: BenchConfig;
} {
  const chosen = [values.sim !== undefined, values.bench !== undefined, values.config !== undefined].filter(
    Boolean,
  ).length;
  if (chosen > 1) throw new UsageError(`give one bench: --sim, --bench or --config\nusage: ${USAGE}`);
  if (values.sim === '')
    return {
      rig: (flow, file) => ({ kind: 'sim', deviceFile: deviceFileForTask(file, flow.device) }),
      bench: "a virtual bench per flow (each flow's device)",
    };
  if (values.sim !== undefined)
    return { rig: { kind: 'sim', deviceFile: values.sim }, bench: `a virtual bench per flow (${values.sim})` };
  if (values.bench) return { rig: { kind: 'bench', url: values.bench }, bench: `the virtual bench at ${values.bench}` };
  const file = configFileToUse(values.config);
  if (!file)
    throw new UsageError(
      `say where the bench is: --sim (virtual), --bench URL (a running \`benchhand sim\`) or --config FILE (the rig)\nusage: ${USAGE}`,
    );
  let config: BenchConfig;
  try {
    config = loadConfigFile(file).config;
  } catch (error) {
    if (error instanceof YamlFileError || error instanceof ConfigError)
      throw new UsageError(`${error.message}\n(check it with \`benchhand config check FILE\`)`);
    throw error;
  }
  const port = config.mcu?.port,
    camera = config.camera,
    calibration = config.calibration;
  if (!port || !camera || !calibration)
    throw new UsageError(
      `${file} lacks ${[port ? '' : 'mcu.port', camera ? '' : 'camera', calibration ? '' : 'calibration'].filter(Boolean).join(', ')}: the rig needs all three`,
    );
  return {
    rig: { kind: 'config', settings: { port, camera, calibration, origin: `config ${file}` } },
    bench: `the rig (${port}; config ${file})`,
    config,
  };
}

// Runs `benchhand test FOLDER... --sim DEVICE --format junit` (one run, one process) into a fresh folder and reads back its
// results, for the Maestro end-to-end tests; xpath reads the JUnit file through xmllint.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliResult, WITH_VIDEO } from './run-cli.js';

export interface SuiteResult {
  status: string;
  name: string;
  failure?: { step?: string; message: string; kind: string };
  stateDir: string;
  videoPath?: string;
}

export interface SuiteRun {
  out: string;
  run: CliResult;
  results: SuiteResult[];
  junit: string;
}

export async function runMaestroSuite(folders: string[], device: string): Promise<SuiteRun> {
  const out = mkdtempSync(join(tmpdir(), 'bh-maestro-'));
  const run = await runCli(['test', ...folders, '--sim', device, '--format', 'junit', '--output', out], '', WITH_VIDEO);
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).results as SuiteResult[];
  return { out, run, results, junit: join(out, 'junit.xml') };
}

export const xpath = (file: string, expression: string): string =>
  execFileSync('xmllint', ['--xpath', expression, file], { encoding: 'utf8' }).trim();

// Small helpers shared by the subcommands: option parsing with errors that say what to do.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { homedir } from 'node:os';
import { join } from 'node:path';

export class UsageError extends Error {}

export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: ${usage}`);
  }
}

export function defaultStateDir(): string {
  return process.env.BENCHHAND_STATE_DIR ?? join(process.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'benchhand');
}

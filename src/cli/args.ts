// Small helpers shared by the subcommands: option parsing with errors that say what to do.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Bad input — a flag, or a file (task, flow, config, device) that does not load — exits with this,
 * in every command, before anything starts or moves. A UsageError is reported with it.
 */
export const EXIT_BAD_INPUT = 2;

export class UsageError extends Error {}

/** `benchhand <command> --help`: main prints the usage on stdout and exits 0. */
export class HelpRequested extends Error {
  constructor(readonly usage: string) {
    super(`usage: ${usage}`);
  }
}

export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  usage: string,
) {
  // A command that has its own --help (with more to say than the usage line) handles it itself.
  if (!('help' in options) && argv.some((arg) => arg === '--help' || arg === '-h')) throw new HelpRequested(usage);
  try {
    return parseArgs({ args: joinNegativeValues(argv, options), options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: ${usage}`);
  }
}

/**
 * `--deadline -5` would be a parser error ("argument is ambiguous"); joined as `--deadline=-5`
 * the command's own check gets the value and says what the flag's rule is.
 */
function joinNegativeValues(argv: string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const option = arg.startsWith('--') ? options[arg.slice(2)] : undefined;
    const next = argv[i + 1];
    if (option?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/** A whole-number flag within its bounds; the error names the flag, the rule and what was given. */
export function wholeNumberFlag(
  text: string,
  flag: string,
  bounds: { min: number; max: number; unit?: string },
  usage: string,
): number {
  const n = Number(text);
  const rule = `a whole number${bounds.unit ? ` of ${bounds.unit}` : ''} from ${bounds.min} to ${bounds.max}`;
  if (!/^\s*-?\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < bounds.min || n > bounds.max) {
    throw new UsageError(`${flag} must be ${rule}; got "${text}"\nusage: ${usage}`);
  }
  return n;
}

export function defaultStateDir(): string {
  return (
    process.env.BENCHHAND_STATE_DIR ??
    join(process.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'benchhand')
  );
}

// `benchhand fault --bench URL NAME [key=value ...]`: switches on a fault in a running virtual bench.
import { FAULT_NAMES } from '../../sim/bench/bench-faults.js';
import { parseOptions, UsageError } from '../args.js';

const USAGE = `benchhand fault --bench URL NAME [key=value ...]   (NAME: ${FAULT_NAMES.join(', ')})`;

export async function faultCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, { bench: { type: 'string' } }, USAGE);
  const [name, ...pairs] = positionals;
  if (!values.bench || !name) throw new UsageError(`--bench and a fault name are required\nusage: ${USAGE}`);
  const body: Record<string, unknown> = { fault: name };
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`"${pair}" is not key=value\nusage: ${USAGE}`);
    const raw = pair.slice(at + 1);
    body[pair.slice(0, at)] = parseValue(raw);
  }
  const response = await fetch(new URL('/faults', values.bench), { method: 'POST', body: JSON.stringify(body) });
  const reply = (await response.json()) as { applied?: string; error?: string };
  if (!response.ok) throw new Error(reply.error ?? `HTTP ${response.status}`);
  process.stdout.write(`${reply.applied}\n`);
  return 0;
}

/** key=value values: JSON for lists, objects and true/false; numbers as numbers; the rest as text. */
function parseValue(raw: string): unknown {
  if (raw === 'true' || raw === 'false' || raw.startsWith('[') || raw.startsWith('{')) return JSON.parse(raw);
  return raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
}

// `benchhand control --state-dir DIR pause|resume|stop|redirect TEXT`: a local operator's command
// to the run using that state directory, taken at its next safe point.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { sendOperatorCommand } from '../../app/bench/state-dir-tools.js';
import { parseOptions, UsageError } from '../args.js';

const USAGE = 'benchhand control --state-dir DIR pause|resume|stop|redirect "NEW INSTRUCTIONS"';

export async function controlCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, { 'state-dir': { type: 'string' } }, USAGE);
  const stateDir = values['state-dir'];
  const [kind, ...rest] = positionals;
  if (!stateDir)
    throw new UsageError(
      `--state-dir is required: the directory of the run to control (benchhand run printed it)\nusage: ${USAGE}`,
    );
  if (!existsSync(join(stateDir, 'result.json')))
    throw new UsageError(
      `${stateDir} holds no run (no result.json): give the state directory benchhand run printed\nusage: ${USAGE}`,
    );
  const by = `${userInfo().username} (local)`;
  const id = randomUUID();
  if (kind === 'pause' || kind === 'resume' || kind === 'stop') await sendOperatorCommand(stateDir, { id, kind, by });
  else if (kind === 'redirect' && rest.join(' ').trim().length >= 3)
    await sendOperatorCommand(stateDir, { id, kind, by, instructions: rest.join(' ').trim() });
  else
    throw new UsageError(
      `give one of pause, resume, stop, or redirect followed by the new instructions (at least 3 characters)\nusage: ${USAGE}`,
    );
  process.stdout.write(`sent ${kind} (${id}); the run takes it at its next safe point\n`);
  return 0;
}

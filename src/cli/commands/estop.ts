// `benchhand estop status|release --state-dir DIR [--port PATH]`: the bench's latched e-stop.
// Releasing is a person's act at the bench, so it exists only here (and as CLEAR in the local
// console), never over MQTT. With --port it sends CLEAR to the MCU itself; when the agent holds
// the port, the record is released and the agent's link sends CLEAR at its next heartbeat.
// Either way the MCU is left disarmed: the host arms it again before its next command.
import { userInfo } from 'node:os';
import { estopStatus, releaseEstop } from '../../app/bench/estop-release.js';
import { parseOptions, UsageError } from '../args.js';

const USAGE = 'benchhand estop status|release --state-dir DIR [--port PATH]';

export async function estopCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    argv,
    { 'state-dir': { type: 'string' }, port: { type: 'string' } },
    USAGE,
  );
  const [action] = positionals;
  if (!values['state-dir'])
    throw new UsageError(
      `--state-dir is required: the bench's state directory (the service's, or the run's)\nusage: ${USAGE}`,
    );
  if (action !== 'status' && action !== 'release') throw new UsageError(`give status or release\nusage: ${USAGE}`);
  if (action === 'status') return say(await estopStatus(values['state-dir']), 0);
  return say(await releaseEstop(values['state-dir'], `${userInfo().username} at the bench`, values.port), 0);
}

function say(line: string, code: number): number {
  process.stdout.write(`${line}\n`);
  return code;
}

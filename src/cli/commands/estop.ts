// `benchhand estop status|release --state-dir DIR [--port PATH]`: the bench's latched e-stop.
// Releasing is a person's act at the bench, so it exists only here (and as CLEAR in the local
// console), never over MQTT. With --port it sends CLEAR to the MCU itself; when the agent holds
// the port, the record is released and the agent's link sends CLEAR at its next heartbeat.
// Either way the MCU is left disarmed: the host arms it again before its next command.
import { userInfo } from 'node:os';
import { MemoryCommandIds } from '../../adapters/mcu-serial/command-ids.js';
import { estopDirectory, FileEmergencyStopRecord } from '../../adapters/mcu-serial/estop-record.js';
import { McuLink } from '../../adapters/mcu-serial/link.js';
import { parseOptions, UsageError } from '../args.js';

const USAGE = 'benchhand estop status|release --state-dir DIR [--port PATH]';

export async function estopCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, { 'state-dir': { type: 'string' }, port: { type: 'string' } }, USAGE);
  const [action] = positionals;
  if (!values['state-dir']) throw new UsageError(`--state-dir is required: the bench's state directory (the service's, or the run's)\nusage: ${USAGE}`);
  if (action !== 'status' && action !== 'release') throw new UsageError(`give status or release\nusage: ${USAGE}`);
  const record = await FileEmergencyStopRecord.open(estopDirectory(values['state-dir']));
  if (action === 'status') return say(`${record.describe()} (${record.path})`, 0);
  if (!record.latched()) return say(`${record.describe()} (${record.path}); nothing to release`, 0);
  const by = `${userInfo().username} at the bench`;
  if (!values.port) {
    await record.release(by);
    return say(`released the e-stop record ${record.path}. A running agent sends CLEAR to the MCU at its next heartbeat; if none is running, run this again with --port so the MCU's own latch is released too`, 0);
  }
  const link = await McuLink.connect({ path: values.port, commandIds: new MemoryCommandIds(), estop: record }).catch((error: Error) => error);
  if (link instanceof Error) {
    if (!/in use/.test(link.message)) throw link;
    await record.release(by);
    return say(`released the e-stop record ${record.path}; ${values.port} is held by the running agent, which sends CLEAR to the MCU at its next heartbeat`, 0);
  }
  try {
    await link.clearEmergencyStop();
    return say(`e-stop released: the MCU is ${(await link.status()).state} (it arms again only when a run asks it to move), and ${record.path} says released`, 0);
  } finally {
    await link.close();
  }
}

function say(line: string, code: number): number {
  process.stdout.write(`${line}\n`);
  return code;
}

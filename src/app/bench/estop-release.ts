// The bench's latched e-stop, read and released by a person at the bench (`benchhand estop`).
// With a serial path the MCU's own latch is cleared too; when the agent holds the port, the
// record is released and the agent's link sends CLEAR at its next heartbeat. Either way the MCU
// is left disarmed: the host arms it again before its next command.
import { MemoryCommandIds } from '../../adapters/mcu-serial/command-ids.js';
import { estopDirectory, FileEmergencyStopRecord } from '../../adapters/mcu-serial/estop-record.js';
import { connectMcu } from './connect-mcu.js';

export async function estopStatus(stateDir: string): Promise<string> {
  const record = await FileEmergencyStopRecord.open(estopDirectory(stateDir));
  return `${record.describe()} (${record.path})`;
}

/** Releases the e-stop; returns what was done, in a sentence. */
export async function releaseEstop(stateDir: string, by: string, port?: string): Promise<string> {
  const record = await FileEmergencyStopRecord.open(estopDirectory(stateDir));
  // Without a port the record is all there is to look at; with one, the MCU's own latch counts
  // too: a run killed while the MCU stopped itself never wrote the record.
  if (!record.latched() && !port) return `${record.describe()} (${record.path}); nothing to release`;
  if (!port) {
    await record.release(by);
    return `released the e-stop record ${record.path}. A running agent sends CLEAR to the MCU at its next heartbeat; if none is running, run this again with --port so the MCU's own latch is released too`;
  }
  const link = await connectMcu({ path: port, commandIds: new MemoryCommandIds(), estop: record }).catch(
    (error: Error) => error,
  );
  if (link instanceof Error) {
    if (!/in use/.test(link.message)) throw link;
    await record.release(by);
    return `released the e-stop record ${record.path}; ${port} is held by the running agent, which sends CLEAR to the MCU at its next heartbeat`;
  }
  try {
    if (!record.latched() && (await link.status()).state !== 'estopped')
      return `${record.describe()} (${record.path}) and the MCU is not latched; nothing to release`;
    await link.clearEmergencyStop();
    return `e-stop released: the MCU is ${(await link.status()).state} (it arms again only when a run asks it to move), and ${record.path} says released`;
  } finally {
    await link.close();
  }
}

// The bench's latched e-stop, read and released by a person at the bench (`benchhand estop`).
// With a serial path the MCU's own latch is cleared too; when the agent holds the port, the
// record is released and the agent's link sends CLEAR at its next heartbeat. Either way the MCU
// is left disarmed: the host arms it again before its next command.
import { estopDirectory, FileEmergencyStopRecord } from '../../adapters/mcu-serial/estop-record.js';
import { openBench } from './open-bench.js';

export async function estopStatus(stateDir: string): Promise<string> {
  const record = await FileEmergencyStopRecord.open(estopDirectory(stateDir));
  return `${record.describe()} (${record.path})`;
}

/** Releases the e-stop; returns what was done, in a sentence. */
export async function releaseEstop(stateDir: string, by: string, port?: string): Promise<string> {
  // The bench's record and, with a port, its MCU link, built as every command builds them.
  const bench = openBench({
    stateDir,
    mcu: { ...(port ? { path: port } : {}), commandIds: 'memory', estop: 'state-dir' },
    say: () => undefined,
  });
  try {
    await bench.start('estop');
    // estop: 'state-dir' makes it the file record (STATE_DIR/estop.json or BENCHHAND_ESTOP_DIR's).
    const record = bench.get('estop') as FileEmergencyStopRecord;
    // Without a port the record is all there is to look at; with one, the MCU's own latch counts
    // too: a run killed while the MCU stopped itself never wrote the record.
    if (!record.latched() && !port) return `${record.describe()} (${record.path}); nothing to release`;
    if (!port) {
      await record.release(by);
      return `released the e-stop record ${record.path}. A running agent sends CLEAR to the MCU at its next heartbeat; if none is running, run this again with --port so the MCU's own latch is released too`;
    }
    const refused = await bench.start('mcu').then(
      () => undefined,
      (error: Error) => error,
    );
    if (refused) {
      if (!/in use/.test(refused.message)) throw refused;
      // The agent holding the port records the MCU's own latch as it sees it: a clear record is clear.
      if (!record.latched())
        return `${record.describe()} (${record.path}); ${port} is held by the running agent; nothing to release`;
      await record.release(by);
      return `released the e-stop record ${record.path}; ${port} is held by the running agent, which sends CLEAR to the MCU at its next heartbeat`;
    }
    const link = bench.get('mcu');
    if (!record.latched() && (await link.status()).state !== 'estopped')
      return `${record.describe()} (${record.path}) and the MCU is not latched; nothing to release`;
    await link.clearEmergencyStop();
    return `e-stop released: the MCU is ${(await link.status()).state} (it arms again only when a run asks it to move), and ${record.path} says released`;
  } finally {
    await bench.stop();
  }
}

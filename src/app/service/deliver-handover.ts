// `benchhand service` as it starts: what earlier runs on this bench could not send before they
// exited (their "finished" among it, src/adapters/mqtt/outbox-handover.ts) goes to the broker now,
// not at the next run, which may be days away. The bench connects as runs do, which takes every
// registered outbox first, and closes, waiting for the broker as a run does at its end; what still
// cannot go stays registered for the next process.
import { join } from 'node:path';
import { handOverDirectory, hasLeftovers } from '../../adapters/mqtt/outbox-handover.js';
import { connectMqtt, type MqttSettings } from '../agent/mqtt-wiring.js';

/** Returns whether there was anything to deliver. */
export async function deliverHandover(
  settings: MqttSettings,
  stateDir: string,
  say: (line: string) => void,
): Promise<boolean> {
  const directory = handOverDirectory(settings.benchId);
  if (!(await hasLeftovers(directory))) return false;
  say(`benchhand service: sending the events earlier runs on this bench left unsent (${directory})`);
  const bench = await connectMqtt(settings, join(stateDir, 'mqtt-service'), say);
  await bench.close();
  return true;
}

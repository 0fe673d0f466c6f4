// E-stop latency over MQTT: from an operator's publish on the broker to the simulated MCU's
// latched stop being confirmed back to the agent (the ESTOP's DONE), through mosquitto on
// loopback and the real firmware core behind a pty. Skipped when mosquitto is not installed.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { MemoryCommandIds } from '../../src/adapters/mcu-serial/command-ids.js';
import { McuLink } from '../../src/adapters/mcu-serial/link.js';
import { MqttBench } from '../../src/adapters/mqtt/mqtt-bench.js';
import { NativeSimMcu } from '../../src/sim/mcu/native-sim-mcu.js';
import { Mosquitto, mosquittoMissing } from '../../test/support/mosquitto.js';
import { percentile, round } from './stats.js';

export async function benchEmergencyStop(rounds = 100): Promise<Record<string, unknown>> {
  const missing = mosquittoMissing();
  if (missing) return { skipped: missing };
  const broker = await Mosquitto.start();
  const mcu = await NativeSimMcu.start();
  const link = await McuLink.connect({ path: mcu.path, commandIds: new MemoryCommandIds() });
  const bench = await MqttBench.connect({
    url: broker.url,
    benchId: 'latency',
    stateDir: mkdtempSync(join(tmpdir(), 'bh-estop-')),
    homeAssistant: false,
    log: () => undefined,
  });
  let latchedAt = 0;
  bench.onEmergencyStop(async () => {
    await link.emergencyStop();
    latchedAt = performance.now();
    return { latched: true };
  });
  const operator = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `op-${randomUUID()}` });
  (operator.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  const replyTopic = 'benchhand/latency/reply/op';
  await operator.subscribeAsync(replyTopic, { qos: 1 });
  const toLatch: number[] = [];
  const toReply: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      await link.clearEmergencyStop(); // by the bench's own link, never over MQTT
      const replied = new Promise<void>((resolve) => operator.once('message', () => resolve()));
      const sent = performance.now();
      operator.publish(
        'benchhand/latency/cmd/op',
        JSON.stringify({ requestId: `estop-${randomUUID()}`, command: 'estop' }),
        { qos: 1, properties: { responseTopic: replyTopic, correlationData: Buffer.from(String(i)) } },
      );
      await replied;
      toReply.push(performance.now() - sent);
      toLatch.push(latchedAt - sent);
    }
  } finally {
    await operator.endAsync();
    await bench.close();
    await link.close();
    await mcu.stop();
    await broker.stop();
  }
  return {
    'publish -> MCU latched (ESTOP confirmed) median ms': round(percentile(toLatch, 50), 2),
    'publish -> MCU latched p99 ms': round(percentile(toLatch, 99), 2),
    'publish -> operator has the reply median ms': round(percentile(toReply, 50), 2),
    'publish -> operator has the reply p99 ms': round(percentile(toReply, 99), 2),
    samples: rounds,
  };
}

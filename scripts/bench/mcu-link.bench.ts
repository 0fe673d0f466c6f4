// Command round trip over the pty to the native simulated MCU (the real firmware core), set
// beside the floor a 115200-baud UART imposes on the same bytes.
import { MemoryCommandIds } from '../../src/adapters/mcu-serial/command-ids.js';
import { McuLink } from '../../src/adapters/mcu-serial/link.js';
import { NativeSimMcu } from '../../src/sim/mcu/native-sim-mcu.js';
import { percentile, round, uartMs } from './stats.js';

export async function benchMcuLink(iterations = 400): Promise<Record<string, unknown>> {
  const mcu = await NativeSimMcu.start();
  let txBytes = 0;
  let rxBytes = 0;
  const link = await McuLink.connect({
    path: mcu.path,
    commandIds: new MemoryCommandIds(),
    heartbeatMs: 60_000,
    trace: (direction, line) => {
      if (direction === 'tx') txBytes = line.length + 1;
      else rxBytes += line.length + 1;
    },
  });
  const ping: number[] = [];
  const key: number[] = [];
  let keyBytes = 0;
  try {
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await link.sendControl('PING');
      ping.push(performance.now() - start);
    }
    const pingBytes = txBytes + rxBytes / iterations;
    for (let i = 0; i < iterations / 4; i++) {
      rxBytes = 0;
      const start = performance.now();
      await link.key({ key: 'a', holdMs: 0 });
      key.push(performance.now() - start);
      keyBytes = txBytes + rxBytes;
    }
    return {
      'PING round trip median ms': round(percentile(ping, 50), 3),
      'PING round trip p99 ms': round(percentile(ping, 99), 3),
      'PING floor at 115200 baud ms': round(uartMs(pingBytes)),
      'KEY (hold 0) to DONE median ms': round(percentile(key, 50), 3),
      'KEY (hold 0) to DONE p99 ms': round(percentile(key, 99), 3),
      'KEY floor at 115200 baud ms (frame + RCVD + DONE)': round(uartMs(keyBytes)),
      samples: iterations,
    };
  } finally {
    await link.close();
    await mcu.stop();
  }
}

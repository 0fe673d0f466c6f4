// A bench in its own process, for the tests that kill one with SIGKILL (the last will, the disk
// queue surviving a crash). Configured by environment; says "connected" or "unreachable" on
// stdout once the first attempt is over, then queues BENCH_EVENTS step events and says
// "queued N" once all of them are on disk. Then it waits to be killed.
import { MqttBench } from '../../../src/adapters/mqtt/mqtt-bench.js';

const bench = await MqttBench.connect({
  url: process.env.BENCH_URL!,
  benchId: process.env.BENCH_ID ?? 'bench1',
  stateDir: process.env.BENCH_STATE_DIR!,
  reconnect: { initialDelayMs: 50, maxDelayMs: 200, stableAfterMs: 1000 },
  connectTimeoutMs: 1000,
  log: () => undefined,
});
process.stdout.write(`${bench.connected ? 'connected' : 'unreachable'}\n`);
const count = Number(process.env.BENCH_EVENTS ?? 0);
for (let step = 1; step <= count; step += 1) bench.publishProgress({ type: 'step', step, phase: 'observe' });
while (bench.queuedMessages < count && !bench.connected) await new Promise((resolve) => setTimeout(resolve, 5));
process.stdout.write(`queued ${count}\n`);
setInterval(() => undefined, 60_000);

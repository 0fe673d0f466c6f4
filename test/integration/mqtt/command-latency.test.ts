// How long an operator's command takes over loopback: publish → the app's e-stop handler called,
// and publish → the reply back at the operator. Printed for the report; bounded loosely so a
// regression to "seconds" fails.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { startBench, type TestBench } from './bench-setup.js';
import { newRequestId, TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

const ROUNDS = 200;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

describeWithMosquitto('MQTT command latency over loopback', () => {
  let broker: Mosquitto;
  let setup: TestBench;
  let operator: TestOperator;
  beforeAll(async () => {
    broker = await Mosquitto.start();
    setup = await startBench(broker.url);
    operator = await TestOperator.connect(broker.url);
  });
  afterAll(async () => {
    await operator?.close();
    await setup?.close();
    await broker?.stop();
  });

  it(`e-stop: ${ROUNDS} commands, handler latency and reply round trip`, async () => {
    let handlerAt = 0;
    setup.bench.onEmergencyStop(async () => {
      handlerAt = performance.now();
      return { latched: true };
    });
    const toHandler: number[] = [];
    const toReply: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const sentAt = performance.now();
      const reply = await operator.send('bench1', { requestId: newRequestId(), command: 'estop' });
      toReply.push(performance.now() - sentAt);
      toHandler.push(handlerAt - sentAt);
      expect(reply).toMatchObject({ ok: true });
    }
    const describe = (values: number[]) =>
      `median ${percentile(values, 0.5).toFixed(2)} ms, p99 ${percentile(values, 0.99).toFixed(2)} ms, max ${Math.max(...values).toFixed(2)} ms`;
    console.log(
      `[mqtt] command → e-stop handler: ${describe(toHandler)}; command → reply: ${describe(toReply)} (${ROUNDS} rounds, loopback)`,
    );
    expect(percentile(toHandler, 0.5)).toBeLessThan(50);
  });
});

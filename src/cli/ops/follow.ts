// `benchhand ops follow BENCH`: the bench's availability, state changes, events and findings as
// they arrive, one line each (or raw JSON lines with --json), until Ctrl-C.
import type { MqttClient } from '../../app/ops/operator-client.js';
import { parseBenchState } from './bench-state.js';
import { clockTime, describeEvent, describeFinding, describeState } from './event-lines.js';
import { benchTopic, parseBenchTopic } from '../../core/operator/topics.js';

type Write = (line: string) => void;

function parseObject(payload: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(payload.toString());
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns each message into the line to print, or undefined when nothing changed worth a line.
 * `now` stamps messages that carry no time of their own (a test passes a fixed one).
 */
export function createLineMaker(
  benchId: string,
  asJson: boolean,
  now: () => Date = () => new Date(),
): (topic: string, payload: Buffer) => string | undefined {
  let lastState: string | undefined;
  return (topic, payload) => {
    const leaf = parseBenchTopic(topic)?.leaf;
    if (!leaf) return undefined;
    if (asJson) {
      const parsed = leaf === 'status' ? payload.toString() : (parseObject(payload) ?? payload.toString());
      return JSON.stringify({ topic, at: now().toISOString(), payload: parsed });
    }
    const prefix = `${clockTime(undefined, now())} ${benchId}`;
    if (leaf === 'status') return `${prefix} is ${payload.toString().trim() || 'gone (status cleared)'}`;
    const message = parseObject(payload);
    if (!message) return `${prefix} ${leaf}: not JSON: ${payload.toString().slice(0, 120)}`;
    if (leaf === 'state') {
      // Read through the bench state's schema: a mistyped field is left out, not printed as it came.
      const line = describeState(parseBenchState(payload) ?? {});
      if (line === lastState) return undefined;
      lastState = line;
      return `${prefix} ${line}`;
    }
    if (leaf === 'events')
      return `${clockTime(typeof message.at === 'string' ? message.at : undefined, now())} ${benchId} ${describeEvent(message)}`;
    if (leaf === 'findings') return `${prefix} ${describeFinding(message)}`;
    return undefined;
  };
}

/** Follows until `stop` resolves (Ctrl-C). */
export async function followBench(
  client: MqttClient,
  benchId: string,
  asJson: boolean,
  write: Write,
  stop: Promise<void>,
): Promise<void> {
  const makeLine = createLineMaker(benchId, asJson);
  client.on('message', (topic, payload) => {
    const line = makeLine(topic, payload);
    if (line !== undefined) write(line);
  });
  let lost = false;
  client.on('offline', () => {
    if (!lost && !asJson) process.stderr.write('connection to the broker lost; reconnecting every 2 s…\n');
    lost = true;
  });
  client.on('connect', () => {
    if (lost && !asJson) process.stderr.write('reconnected\n');
    lost = false;
  });
  const topics = (['status', 'state', 'events', 'findings'] as const).map((leaf) => benchTopic(benchId, leaf));
  await client.subscribeAsync(topics, { qos: 1 });
  if (!asJson) process.stderr.write(`following ${benchId} (${topics.join(', ')}); Ctrl-C to stop\n`);
  await stop;
}

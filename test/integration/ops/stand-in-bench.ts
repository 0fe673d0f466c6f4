// A stand-in bench for the operator's client: a few lines of mqtt.js that publish a retained
// status and state and answer commands on the response topic, as TOPICS.md says a bench does.
import mqtt, { type MqttClient } from 'mqtt';

export interface StandInOptions {
  url: string;
  benchId: string;
  username?: string;
  password?: string;
  state: Record<string, unknown>;
  /** The reply body for a command (requestId is added); default: ok. */
  answer?: (command: Record<string, unknown>) => Record<string, unknown>;
}

export interface StandInBench {
  client: MqttClient;
  /** Every command received, as parsed JSON, with the MQTT 5 properties it came with. */
  received: Array<{ command: Record<string, unknown>; topic: string; responseTopic?: string; expiry?: number }>;
  publishState(state: Record<string, unknown>): Promise<void>;
  publishEvent(event: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

export async function startStandInBench(options: StandInOptions): Promise<StandInBench> {
  const root = `benchhand/${options.benchId}`;
  const client = await mqtt.connectAsync(options.url, {
    protocolVersion: 5,
    clientId: `stand-in-${options.benchId}`,
    reconnectPeriod: 0,
    will: { topic: `${root}/status`, payload: Buffer.from('offline'), qos: 1, retain: true },
    ...(options.username ? { username: options.username, password: options.password ?? '' } : {}),
  });
  const received: StandInBench['received'] = [];
  const answer = options.answer ?? ((command) => ({ ok: true, result: `${String(command.command)} taken` }));
  client.on('message', (topic, payload, packet) => {
    if (!topic.startsWith(`${root}/cmd/`)) return;
    let command: Record<string, unknown>;
    try {
      command = JSON.parse(payload.toString()) as Record<string, unknown>;
    } catch {
      return; // a real bench answers "invalid"; the stand-in only needs well-formed commands
    }
    const { responseTopic, correlationData, messageExpiryInterval } = packet.properties ?? {};
    received.push({
      command,
      topic,
      ...(responseTopic ? { responseTopic } : {}),
      ...(messageExpiryInterval ? { expiry: messageExpiryInterval } : {}),
    });
    if (!responseTopic) return;
    client.publish(responseTopic, JSON.stringify({ requestId: command.requestId, ...answer(command) }), {
      qos: 1,
      properties: correlationData ? { correlationData } : {},
    });
  });
  await client.subscribeAsync(`${root}/cmd/+`, { qos: 1 });
  await client.publishAsync(`${root}/status`, 'online', { qos: 1, retain: true });
  await client.publishAsync(`${root}/state`, JSON.stringify(options.state), { qos: 1, retain: true });
  return {
    client,
    received,
    async publishState(state) {
      await client.publishAsync(`${root}/state`, JSON.stringify(state), { qos: 1, retain: true });
    },
    async publishEvent(event) {
      await client.publishAsync(`${root}/events`, JSON.stringify(event), { qos: 1 });
    },
    async stop() {
      await client.publishAsync(`${root}/status`, 'offline', { qos: 1, retain: true });
      await client.endAsync();
    },
  };
}

/** A BenchState as TOPICS.md describes it: a run at step 3 of 40 with an approval pending. */
export function sampleState(benchId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    benchId,
    at: '2025-01-01T12:00:00.000Z',
    online: true,
    run: {
      runId: 'run-1',
      continuationId: 'c-1',
      task: 'tasks/wifi.yaml',
      goal: 'join the lab Wi-Fi',
      interpreter: 'script',
      status: 'running',
      step: 3,
      phase: 'act',
      stepsUsed: 3,
      maxSteps: 40,
      elapsedMs: 1234,
      deadlineMs: 600000,
    },
    lastAction: {
      tool: 'tap_text',
      summary: 'tap on "Connect" at 540,1210',
      status: 'ok',
      at: '2025-01-01T12:00:00.000Z',
    },
    lastScreenText: 'Wi-Fi\nlab-net',
    pendingApproval: {
      id: 'appr-7f3c',
      tool: 'tap_text',
      summary: 'tap "Forget network"',
      rule: 'irreversible',
      since: '2025-01-01T12:00:00.000Z',
    },
    estopped: false,
    ...overrides,
  };
}

// Publishes one command to a bench the MQTT 5 way (responseTopic, correlationData,
// messageExpiryInterval; QoS 1 so the broker says if it refused) and waits for the reply.
import { randomUUID } from 'node:crypto';
import type { MqttClient } from '../../app/ops/operator-client.js';
import { NOT_AUTHORIZED, reasonCodeOf } from '../../core/operator/broker-refusal.js';
import type { CommandPayload } from './command-payload.js';
import { parseReply, type CommandReply } from './reply.js';
import { commandTopic, replyTopic } from '../../core/operator/topics.js';

export type SendOutcome =
  | { kind: 'reply'; requestId: string; reply: CommandReply }
  | { kind: 'no_reply'; requestId: string }
  | { kind: 'refused'; requestId: string; reasonCode: number; message: string };

export interface SendOptions {
  benchId: string;
  clientId: string;
  timeoutMs: number;
  expiresSeconds: number;
  /**
   * The broker user sending it: the command goes to cmd/<user>, which the ACL lets only that user
   * write, and the bench records that name as who sent it.
   */
  user: string;
}

export async function sendCommand(
  client: MqttClient,
  command: CommandPayload,
  options: SendOptions,
): Promise<SendOutcome> {
  const requestId = randomUUID();
  const correlation = Buffer.from(requestId);
  const responseTopic = replyTopic(options.benchId, options.clientId);
  const notAfter = new Date(Date.now() + options.expiresSeconds * 1000).toISOString();
  let settle: (outcome: SendOutcome) => void = () => {};
  const settled = new Promise<SendOutcome>((resolve) => (settle = resolve));
  client.on('message', (topic, payload, packet) => {
    if (topic !== responseTopic) return;
    const theirs = packet.properties?.correlationData;
    const reply = parseReply(payload);
    const matches = theirs ? correlation.equals(Buffer.from(theirs)) : reply?.requestId === requestId;
    if (matches && reply) settle({ kind: 'reply', requestId, reply });
  });
  await client.subscribeAsync(responseTopic, { qos: 1 });
  const timer = setTimeout(() => settle({ kind: 'no_reply', requestId }), options.timeoutMs);
  client.publish(
    commandTopic(options.benchId, options.user),
    JSON.stringify({ requestId, ...command, notAfter }),
    {
      qos: 1,
      properties: {
        responseTopic,
        correlationData: correlation,
        messageExpiryInterval: options.expiresSeconds,
        contentType: 'application/json',
      },
    },
    (error) => {
      if (!error) return;
      const reasonCode = reasonCodeOf(error) ?? -1;
      settle({ kind: 'refused', requestId, reasonCode, message: error.message });
    },
  );
  const outcome = await settled;
  clearTimeout(timer);
  return outcome;
}

export function describeRefusal(
  outcome: Extract<SendOutcome, { kind: 'refused' }>,
  benchId: string,
  user: string,
  username: string | undefined,
): string {
  const who = username ? `user "${username}"` : 'this client (no --username)';
  if (outcome.reasonCode === NOT_AUTHORIZED) {
    return (
      `the broker refused the command: ${who} is not authorized to publish to ${commandTopic(benchId, user)} (MQTT reason 0x87). ` +
      `Sending commands needs the operator role: a \`user ${user}\` section in the broker's ACL with \`topic write benchhand/+/cmd/${user}\` (see host/mosquitto/README.md)`
    );
  }
  return `the broker refused the command: ${outcome.message} (MQTT reason ${outcome.reasonCode})`;
}

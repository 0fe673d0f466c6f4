// Who may send a command without a response topic.
//
// A command without a response topic gets no answer, so a sender cannot tell "done" from
// "refused" from "never arrived"; TOPICS.md therefore refuses such commands. The exception is
// Home Assistant: its MQTT buttons publish a fixed payload and cannot set MQTT 5 properties. A
// payload carrying "origin": "homeassistant" is accepted without a response topic, reply-less,
// and logged. This grants nothing new: whoever may publish on cmd (the broker ACL decides) can
// already send any command with a response topic; "origin" only says "I cannot read a reply".
// The discovery config publishes these buttons at QoS 0, so a press is never queued for an
// offline bench nor redelivered later: an "approve" pressed now cannot approve a different
// request an hour from now. Their request ids are made by the bench (the payload is fixed, so a
// fixed id would make every press after the first a duplicate).
import { HOME_ASSISTANT_ORIGIN } from '../../core/operator/commands.js';

export type ReplyDecision = { accept: true; replyLess: boolean } | { accept: false; why: string };

export function decideReplyPolicy(hasResponseTopic: boolean, data: unknown): ReplyDecision {
  if (hasResponseTopic) return { accept: true, replyLess: false };
  if ((data as { origin?: unknown } | null)?.origin === HOME_ASSISTANT_ORIGIN) return { accept: true, replyLess: true };
  return {
    accept: false,
    why: 'it has no MQTT 5 responseTopic, so no answer could reach the sender; send it with responseTopic and correlationData (MQTT 5)',
  };
}

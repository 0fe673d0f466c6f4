// Where a reply may go. The sender chooses the response topic (MQTT 5), so it is checked before
// anything is published there: a wildcard in a PUBLISH topic is a protocol error for which
// mosquitto drops the bench's connection (and the kept session would hand the same command back
// on every reconnect), and a topic such as the bench's own `status` or `state` would let one
// operator overwrite what everybody reads. Only the reply prefix the ACL gives a bench write on
// is allowed: `benchhand/<benchId>/reply/<at least one more level>`. Pure.

/** mosquitto's default topic length limit is 65535; nobody's reply topic needs more than this. */
export const MAX_RESPONSE_TOPIC_LENGTH = 256;

export type ResponseTopicCheck = { ok: true } | { ok: false; why: string };

export function checkResponseTopic(topic: string, replyPrefix: string): ResponseTopicCheck {
  const shown = JSON.stringify(topic.length > 80 ? `${topic.slice(0, 80)}…` : topic);
  const rule = `use a topic under ${replyPrefix} such as ${replyPrefix}<your client id>`;
  if (topic.length > MAX_RESPONSE_TOPIC_LENGTH)
    return { ok: false, why: `responseTopic ${shown} is longer than ${MAX_RESPONSE_TOPIC_LENGTH} characters; ${rule}` };
  if (/[+#]/.test(topic))
    return {
      ok: false,
      why: `responseTopic ${shown} holds a wildcard (+ or #), and a reply cannot be published to a wildcard; ${rule}`,
    };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(topic))
    return { ok: false, why: `responseTopic ${shown} holds a control character; ${rule}` };
  if (!topic.startsWith(replyPrefix))
    return {
      ok: false,
      why: `responseTopic ${shown} is outside this bench's reply topics (the ACL lets the bench write replies only there); ${rule}`,
    };
  const rest = topic.slice(replyPrefix.length);
  if (!rest || rest.split('/').some((level) => level === ''))
    return { ok: false, why: `responseTopic ${shown} has an empty level; ${rule}` };
  return { ok: true };
}

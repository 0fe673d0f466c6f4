// The topic tree of one bench (TOPICS.md). The bench id is in the path so a broker ACL can scope
// each operator and each bench; it is checked here because a '+', '#' or '/' in it would widen
// every subscription and ACL pattern built from it.

export const BENCH_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

export interface BenchTopics {
  status: string;
  state: string;
  events: string;
  findings: string;
  snapshot: string;
  /** The upright screen as the agent read it (JSON BenchView: small JPEG, OCR lines, last tap), for the web console. */
  view: string;
  /**
   * What the bench subscribes to: `benchhand/<benchId>/cmd/+`. Each sender publishes on its own
   * `cmd/<broker user name>`, which the ACL lets only that user write, so the last level is the
   * sender's identity as the broker checked it (see commandSender).
   */
  command: string;
  /** `benchhand/<benchId>/reply/`: the only place a reply may go (the ACL's bench write). */
  replyPrefix: string;
}

export function benchTopics(benchId: string): BenchTopics {
  assertBenchId(benchId);
  const base = `benchhand/${benchId}`;
  return {
    status: `${base}/status`,
    state: `${base}/state`,
    events: `${base}/events`,
    findings: `${base}/findings`,
    snapshot: `${base}/snapshot`,
    view: `${base}/view`,
    command: `${base}/cmd/+`,
    replyPrefix: `${base}/reply/`,
  };
}

/** The topic a user's commands to this bench go to. */
export function commandTopic(benchId: string, username: string): string {
  return `benchhand/${benchId}/cmd/${username}`;
}

/** The broker user who sent a message on `topic`, or undefined when it is not one of this bench's command topics. */
export function commandSender(topics: BenchTopics, topic: string): string | undefined {
  const prefix = topics.command.slice(0, -1);
  if (!topic.startsWith(prefix)) return undefined;
  const sender = topic.slice(prefix.length);
  return sender && !sender.includes('/') ? sender : undefined;
}

/** The response topic an operator client should use (its ACL lets it read only its own). */
export function replyTopic(benchId: string, clientName: string): string {
  return `benchhand/${benchId}/reply/${clientName}`;
}

export function assertBenchId(benchId: string): void {
  if (!BENCH_ID_PATTERN.test(benchId)) {
    throw new Error(
      `bench id "${benchId}" is not usable in a topic: use 1 to 32 of a-z, 0-9, '_' and '-', starting with a letter or digit`,
    );
  }
}

/** The MQTT client id of the bench: fixed per bench, so the broker keeps its session (queued commands) across reconnects. */
export function benchClientId(benchId: string): string {
  return `benchhand-bench-${benchId}`;
}

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
  command: string;
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
    command: `${base}/cmd`,
  };
}

/** The response topic an operator client should use (its ACL lets it read only its own). */
export function replyTopic(benchId: string, clientName: string): string {
  return `benchhand/${benchId}/reply/${clientName}`;
}

export function assertBenchId(benchId: string): void {
  if (!BENCH_ID_PATTERN.test(benchId)) {
    throw new Error(`bench id "${benchId}" is not usable in a topic: use 1 to 32 of a-z, 0-9, '_' and '-', starting with a letter or digit`);
  }
}

/** The MQTT client id of the bench: fixed per bench, so the broker keeps its session (queued commands) across reconnects. */
export function benchClientId(benchId: string): string {
  return `benchhand-bench-${benchId}`;
}

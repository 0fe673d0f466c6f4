// The topic tree of the operator surface (src/adapters/mqtt/TOPICS.md), spelled once: the bench
// publishes on it (adapters/mqtt), the ops CLI reads and commands on it (cli/ops), and the web
// console's page imports this very module, compiled, from the console server (/operator/topics.js).
// So it imports nothing: a browser loads it as it is.
//
// The bench id is in the path so a broker ACL can scope each operator and each bench; it is checked
// here because a '+', '#' or '/' in it would widen every subscription and ACL pattern built from it.

export const BENCH_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;
export const BENCH_ID_RULE =
  'a bench id is 1-32 characters: lower-case letters, digits, "_" and "-", starting with a letter or digit';

/** What each bench publishes, one topic per leaf: benchhand/<benchId>/<leaf>. */
export const BENCH_LEAVES = ['status', 'state', 'events', 'findings', 'snapshot', 'view'] as const;
export type BenchLeaf = (typeof BENCH_LEAVES)[number];

/** Every bench's online/offline and retained state: what `ops list` reads. */
export const ALL_STATUS = 'benchhand/+/status';
export const ALL_STATE = 'benchhand/+/state';

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
  return {
    status: benchTopic(benchId, 'status'),
    state: benchTopic(benchId, 'state'),
    events: benchTopic(benchId, 'events'),
    findings: benchTopic(benchId, 'findings'),
    snapshot: benchTopic(benchId, 'snapshot'),
    view: benchTopic(benchId, 'view'),
    command: commandTopic(benchId, '+'),
    replyPrefix: replyTopic(benchId, ''),
  };
}

/** `benchhand/<benchId>/<leaf>`; `benchId` may be '+' for every bench. */
export function benchTopic(benchId: string, leaf: BenchLeaf): string {
  return `benchhand/${benchId}/${leaf}`;
}

/** A bench's presence while it serves fleet jobs (its run's own topics stay as they were). */
export function serviceTopics(benchId: string): { status: string; description: string; state: string } {
  const base = `benchhand/${benchId}/service`;
  return { status: `${base}/status`, description: `${base}/description`, state: `${base}/state` };
}

/**
 * The topic a user's commands to this bench go to: the ACL lets only that broker user write there,
 * so the bench takes the last level as who sent it.
 */
export function commandTopic(benchId: string, user: string): string {
  return `benchhand/${benchId}/cmd/${user}`;
}

/** The response topic an operator client should use (its ACL lets it read only its own). */
export function replyTopic(benchId: string, clientName: string): string {
  return `benchhand/${benchId}/reply/${clientName}`;
}

/**
 * Where the web console probes whether its user may command: `_console` can never be a bench id (one
 * starts with a letter or digit), so no bench hears it; the operator's ACL line
 * `benchhand/+/cmd/<user>` covers it, a viewer's ACL does not.
 */
export function consoleProbeTopic(user: string): string {
  return commandTopic('_console', user);
}

/** The broker user who sent a message on `topic`, or undefined when it is not one of this bench's command topics. */
export function commandSender(topics: BenchTopics, topic: string): string | undefined {
  const prefix = topics.command.slice(0, -1);
  if (!topic.startsWith(prefix)) return undefined;
  const sender = topic.slice(prefix.length);
  return sender && !sender.includes('/') ? sender : undefined;
}

/** Splits `benchhand/<benchId>/<leaf>` into its parts, or undefined for any other topic. */
export function parseBenchTopic(topic: string): { benchId: string; leaf: string } | undefined {
  const [root, benchId, leaf, ...rest] = topic.split('/');
  if (root !== 'benchhand' || !benchId || !leaf || rest.length) return undefined;
  return { benchId, leaf };
}

/** Null when `user` can be one topic level; otherwise what is wrong with it. */
export function commandUserProblem(user: string): string | null {
  if (!user) return 'it is empty';
  if (/[/+#\u0000]/.test(user)) return 'it holds "/", "+", "#" or a NUL, which cannot be one topic level';
  if (user.length > 64) return 'it is longer than 64 characters';
  return null;
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

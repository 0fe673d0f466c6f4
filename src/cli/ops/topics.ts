// The benchhand topic tree as the operator's client uses it (src/adapters/mqtt/TOPICS.md).
export { BENCH_ID_PATTERN, BENCH_ID_RULE } from '../../config/bench-id.js';

export const ALL_STATUS = 'benchhand/+/status';
export const ALL_STATE = 'benchhand/+/state';

export function benchTopic(benchId: string, leaf: 'status' | 'state' | 'events' | 'findings' | 'cmd'): string {
  return `benchhand/${benchId}/${leaf}`;
}

/**
 * Where `user`'s commands to a bench go: the ACL lets only that broker user write there, so the
 * bench takes the last level as who sent it.
 */
export function commandTopic(benchId: string, user: string): string {
  return `benchhand/${benchId}/cmd/${user}`;
}

/** Null when `user` can be one topic level; otherwise what is wrong with it. */
export function commandUserProblem(user: string): string | null {
  if (!user) return 'it is empty';
  if (/[/+#\u0000]/.test(user)) return 'it holds "/", "+", "#" or a NUL, which cannot be one topic level';
  if (user.length > 64) return 'it is longer than 64 characters';
  return null;
}

export function replyTopic(benchId: string, clientId: string): string {
  return `benchhand/${benchId}/reply/${clientId}`;
}

/** Splits `benchhand/<benchId>/<leaf>` into its parts, or undefined for any other topic. */
export function parseBenchTopic(topic: string): { benchId: string; leaf: string } | undefined {
  const [root, benchId, leaf, ...rest] = topic.split('/');
  if (root !== 'benchhand' || !benchId || !leaf || rest.length) return undefined;
  return { benchId, leaf };
}

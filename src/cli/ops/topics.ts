// The benchhand topic tree as the operator's client uses it (src/adapters/mqtt/TOPICS.md).
export { BENCH_ID_PATTERN, BENCH_ID_RULE } from '../../config/bench-id.js';

export const ALL_STATUS = 'benchhand/+/status';
export const ALL_STATE = 'benchhand/+/state';

export function benchTopic(benchId: string, leaf: 'status' | 'state' | 'events' | 'findings' | 'cmd'): string {
  return `benchhand/${benchId}/${leaf}`;
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

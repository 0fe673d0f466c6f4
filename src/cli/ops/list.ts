// `benchhand ops list`: every bench that left a retained status or state on the broker.
import type { MqttClient } from '../../app/ops/operator-client.js';
import { describeApproval, describeLastAction, describeRun, parseBenchState, type BenchState } from './bench-state.js';
import { ALL_STATE, ALL_STATUS, parseBenchTopic } from '../../core/operator/topics.js';

export interface BenchEntry {
  benchId: string;
  status?: string;
  state?: BenchState;
}

/** Subscribes to every bench's status and state and collects the retained messages for `waitMs`. */
export async function collectBenches(client: MqttClient, waitMs: number): Promise<BenchEntry[]> {
  const benches = new Map<string, BenchEntry>();
  client.on('message', (topic, payload) => {
    const parsed = parseBenchTopic(topic);
    if (!parsed) return;
    const entry = benches.get(parsed.benchId) ?? { benchId: parsed.benchId };
    if (parsed.leaf === 'status') entry.status = payload.toString().trim();
    else if (parsed.leaf === 'state') {
      const state = parseBenchState(payload);
      if (state) entry.state = state;
    }
    benches.set(parsed.benchId, entry);
  });
  await client.subscribeAsync([ALL_STATUS, ALL_STATE], { qos: 1 });
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return [...benches.values()]
    .filter((entry) => entry.status !== '' || entry.state) // an empty retained message clears a bench
    .sort((a, b) => a.benchId.localeCompare(b.benchId));
}

function availability(entry: BenchEntry): string {
  if (entry.status === 'online' || entry.status === 'offline') return entry.status;
  if (entry.state?.online !== undefined) return entry.state.online ? 'online?' : 'offline?';
  return 'unknown';
}

export function describeBench(entry: BenchEntry): string[] {
  const state = entry.state;
  const headline = [
    entry.benchId,
    availability(entry),
    state ? describeRun(state.run) : 'no state published',
    state?.estopped ? 'E-STOPPED' : undefined,
  ];
  const lines = [headline.filter(Boolean).join('  ')];
  if (state) lines.push(`  last action: ${describeLastAction(state.lastAction)}`);
  const approval = describeApproval(state?.pendingApproval);
  if (approval)
    lines.push(
      `  pending approval: ${approval}`,
      `    benchhand ops send ${entry.benchId} approve|deny ${state?.pendingApproval?.id ?? 'ID'}`,
    );
  if (state?.at) lines.push(`  state as of ${state.at}`);
  return lines;
}

export function formatBenchList(entries: BenchEntry[], brokerUrl: string): string {
  if (entries.length === 0) {
    return (
      `no benches on ${brokerUrl}: nothing retained under benchhand/+/status or benchhand/+/state ` +
      '(a bench publishes there once it connects; with an ACL, your user also needs read access)\n'
    );
  }
  return `${entries.flatMap(describeBench).join('\n')}\n`;
}

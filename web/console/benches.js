// What the console knows about each bench, folded from the broker's messages (the topics of
// src/adapters/mqtt/TOPICS.md, spelled in the operator surface the server serves). No DOM here:
// render.js draws it.
import { BENCH_ID_PATTERN, parseBenchTopic } from './operator/topics.js';

/** Events and findings kept per bench: enough to follow, small enough for a phone. */
export const EVENTS_KEPT = 40;
export const FINDINGS_KEPT = 20;

const KINDS = new Set(['status', 'state', 'events', 'findings', 'view']);

/** { benchId, kind } for a bench topic the console reads, or undefined. */
export function benchTopic(topic) {
  const parsed = parseBenchTopic(topic);
  if (!parsed || !BENCH_ID_PATTERN.test(parsed.benchId) || !KINDS.has(parsed.leaf)) return undefined;
  return { benchId: parsed.benchId, kind: parsed.leaf };
}

export function emptyBench(id) {
  return { id, status: null, state: null, view: null, events: [], eventIds: new Set(), findings: new Map() };
}

const decoder = new TextDecoder();

function parseJson(bytes) {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * Folds one message into `benches` (a Map of id -> bench). Returns the bench id it changed, or
 * undefined for a message that is not for the console (or not JSON where JSON is due).
 */
export function applyMessage(benches, topic, bytes) {
  const parsed = benchTopic(topic);
  if (!parsed) return undefined;
  const { benchId, kind } = parsed;
  const bench = benches.get(benchId) ?? emptyBench(benchId);
  if (kind === 'status') {
    bench.status = decoder.decode(bytes) === 'online' ? 'online' : 'offline';
  } else {
    const document = bytes.length ? parseJson(bytes) : null;
    if (document === undefined || (document !== null && typeof document !== 'object')) return undefined;
    if (kind === 'state') bench.state = document;
    else if (kind === 'view') bench.view = document;
    else if (kind === 'events' && document) addEvent(bench, document);
    else if (kind === 'findings' && document?.record?.id) {
      // The newest save or status change of each finding, newest first.
      bench.findings.delete(document.record.id);
      bench.findings.set(document.record.id, { ...document.record, reason: document.reason, at: document.at });
      while (bench.findings.size > FINDINGS_KEPT) bench.findings.delete(bench.findings.keys().next().value);
    }
  }
  benches.set(benchId, bench);
  return benchId;
}

/** QoS 1 is at least once: an event id seen before is dropped. */
function addEvent(bench, event) {
  if (typeof event.id === 'string') {
    if (bench.eventIds.has(event.id)) return;
    bench.eventIds.add(event.id);
  }
  bench.events.unshift(event);
  if (bench.events.length > EVENTS_KEPT) {
    const dropped = bench.events.pop();
    if (typeof dropped.id === 'string') bench.eventIds.delete(dropped.id);
  }
}

/** Online by the retained status, or by the state when no status came (yet). */
export function isOnline(bench) {
  if (bench.status) return bench.status === 'online';
  return bench.state?.online === true;
}

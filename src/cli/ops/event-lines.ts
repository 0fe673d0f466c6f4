// One readable line per thing a bench publishes, for `benchhand ops follow`.
import { describeApproval, describeLastAction, describeRun, type BenchState } from './bench-state.js';

type Fields = Record<string, unknown>;

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function clip(value: string, max = 160): string {
  const oneLine = value.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** HH:MM:SS of `iso`, or of `now` when it is absent or not a date. */
export function clockTime(iso?: string, now: Date = new Date()): string {
  const date = iso ? new Date(iso) : now;
  return (Number.isNaN(date.getTime()) ? now : date).toISOString().slice(11, 19);
}

/** A RunEvent (the agent's ProgressEvent fields plus `at`, `runId`, `type`). */
export function describeEvent(event: Fields): string {
  const step = event.step !== undefined ? `step ${text(event.step)}` : '';
  switch (event.type) {
    case 'step':
      return `${step} begins, phase ${text(event.phase)}`;
    case 'call':
      return `${step} calls ${text(event.tool)}: ${clip(text(event.summary))}`;
    case 'outcome':
      return `${step} ${text(event.tool)} → ${text(event.status)}${event.durationMs !== undefined ? ` in ${text(event.durationMs)} ms` : ''}${event.content ? `: ${clip(text(event.content), 100)}` : ''}`;
    case 'approval':
      return `${step} ${text(event.tool)} ${event.approved ? 'approved' : 'denied'} by ${text(event.by) || 'someone'}: ${clip(text(event.summary))}`;
    case 'finished':
      return `run finished${event.status ? ` (${text(event.status)})` : ''}${event.summary ? `: ${clip(text(event.summary), 240)}` : ''}`;
    default: {
      const { at: _at, runId: _runId, type, ...rest } = event;
      return `${text(type) || 'event'} ${clip(JSON.stringify(rest), 200)}`;
    }
  }
}

/** A finding message `{ reason, record }`. */
export function describeFinding(message: Fields): string {
  const record = (typeof message.record === 'object' && message.record !== null ? message.record : {}) as Fields;
  const id = text(record.id).slice(0, 8);
  const title = text(record.title ?? record.summary ?? record.kind);
  return `finding ${id}${record.severity ? ` [${text(record.severity)}]` : ''} ${text(message.reason) || 'saved'}: ${clip(title)}`;
}

/** The part of a state that a person follows; printed when it changes. */
export function describeState(state: BenchState): string {
  const parts = [describeRun(state.run), `last: ${clip(describeLastAction(state.lastAction), 120)}`];
  const approval = describeApproval(state.pendingApproval);
  if (approval) parts.push(`APPROVAL PENDING ${approval}`);
  if (state.estopped) parts.push('E-STOPPED');
  return `state ${parts.join(' · ')}`;
}

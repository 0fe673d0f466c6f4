// Words for what a bench publishes, as `benchhand ops follow` prints them (src/cli/ops/event-lines.ts).

function text(value) {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function clip(value, max = 160) {
  const oneLine = text(value).replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** HH:MM:SS in the viewer's own time zone (an operator reads the clock on the wall). */
export function clockTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

export function describeEvent(event) {
  const step = event.step !== undefined ? `step ${text(event.step)}` : '';
  switch (event.type) {
    case 'step':
      return `${step} begins, phase ${text(event.phase)}`;
    case 'call':
      return `${step} calls ${text(event.tool)}: ${clip(event.summary)}`;
    case 'outcome':
      return `${step} ${text(event.tool)} → ${text(event.status)}${event.durationMs !== undefined ? ` in ${text(event.durationMs)} ms` : ''}${event.content ? `: ${clip(event.content, 100)}` : ''}`;
    case 'approval':
      return `${step} ${text(event.tool)} ${event.approved ? 'approved' : 'denied'} by ${text(event.by) || 'someone'}: ${clip(event.summary)}`;
    case 'finished':
      return `run finished${event.termination?.kind ? ` (${text(event.termination.kind)})` : ''}${event.sentence ? `: ${clip(event.sentence, 240)}` : ''}`;
    case 'operator':
      if (event.refused) return `refused ${text(event.command)} from ${text(event.from)}: ${clip(event.reason, 200)}`;
      return `operator ${clip(JSON.stringify(stripped(event)), 200)}`;
    default:
      return `${text(event.type) || 'event'} ${clip(JSON.stringify(stripped(event)), 200)}`;
  }
}

function stripped(event) {
  const { id: _id, at: _at, runId: _runId, type: _type, ...rest } = event;
  return rest;
}

export function describeDuration(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  const seconds = Math.round(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The element the tap would hit, in words: `button "Delete"`. */
export function describeElement(element) {
  if (!element) return '';
  return `${text(element.kind)} "${text(element.text)}"`;
}

export function describeRegion(region) {
  if (!region) return '';
  return region.title ? `${text(region.kind)} "${text(region.title)}"` : text(region.kind);
}

export function describeFinding(finding) {
  return `[${text(finding.severity)}] ${text(finding.kind)}: ${clip(finding.subject, 120)} (${text(finding.status)}, seen ${text(finding.occurrences)}×)`;
}

/** A bench's reply to a command, for the person who sent it. */
export function describeReply(command, outcome) {
  if (outcome.kind === 'refused') return `${command}: the broker refused it (${outcome.message})`;
  if (outcome.kind === 'no_reply')
    return `${command}: no reply within ${Math.round(outcome.waitedMs / 1000)} s (is the bench online?); it expires unrun after ${outcome.expiresSeconds} s`;
  const reply = outcome.reply;
  if (reply.ok) return `${command} done: ${text(reply.result)}`;
  return `${command} failed (${text(reply.error?.code)}): ${text(reply.error?.message)}`;
}

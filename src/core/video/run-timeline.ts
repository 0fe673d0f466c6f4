// What each picture of a run's video shows besides the screen: the actions sent while it was the
// latest picture (a ring where a tap or a long press landed, a path for a swipe or a drag) and a
// caption with the step, the action and its verdict, from the action journal the loop writes
// anyway. Pure: the pictures' wall-clock times and the journal's lines in, one overlay per picture out.
import type { JournalRecord, PhysicalAction } from '../ports/journal-record.js';

export type VideoMark =
  { kind: 'ring'; x: number; y: number; held: boolean } | { kind: 'path'; points: { x: number; y: number }[] };

export interface PictureOverlay {
  /** Device pixels. */
  marks: VideoMark[];
  /** One line: "step 3 · tap "Connect" at 540,1210 · verified". */
  caption: string;
  /** done, failed or pending: the caption's colour. */
  verdict: 'done' | 'failed' | 'pending' | 'none';
}

interface Sent {
  at: number;
  step: number;
  commandId: number;
  action: PhysicalAction;
  by?: string;
  outcome?: string;
  verified?: { met: boolean; detail: string };
}

/**
 * One overlay per picture (`pictureTimes`: wall-clock ms, ascending). An action belongs to the
 * last picture taken before its intent was written (the screen it was decided on and landed on);
 * a picture without an action of its own says the step it was taken in.
 */
export function runTimeline(pictureTimes: readonly number[], journal: readonly JournalRecord[]): PictureOverlay[] {
  const sent = actionsOf(journal);
  const overlays: PictureOverlay[] = pictureTimes.map(() => ({ marks: [], caption: '', verdict: 'none' }));
  let cursor = 0;
  for (const action of sent) {
    while (cursor + 1 < pictureTimes.length && pictureTimes[cursor + 1]! <= action.at) cursor++;
    const overlay = overlays[cursor];
    if (!overlay) continue;
    overlay.marks.push(...marksOf(action.action));
    overlay.caption = captionOf(action);
    overlay.verdict = verdictOf(action).kind;
  }
  // A picture with nothing sent on it carries the step the run was in (the last action's, or the first).
  let last = sent.length ? `step ${sent[0]!.step} · looking` : 'looking';
  let step = sent[0]?.step;
  let next = 0;
  overlays.forEach((overlay, index) => {
    while (next < sent.length && sent[next]!.at < pictureTimes[index]!) step = sent[next++]!.step;
    if (overlay.caption) last = overlay.caption;
    else overlay.caption = step === undefined ? last : `step ${step} · looking`;
  });
  return overlays;
}

function actionsOf(journal: readonly JournalRecord[]): Sent[] {
  const byId = new Map<number, Sent>();
  for (const record of journal) {
    if (record.type === 'intent') {
      const at = Date.parse(record.at);
      if (Number.isNaN(at)) continue;
      const by = (record as { by?: unknown }).by;
      byId.set(record.commandId, {
        at,
        step: record.step,
        commandId: record.commandId,
        action: record.action,
        ...(typeof by === 'string' ? { by } : {}),
      });
    } else if (record.type === 'outcome') {
      const known = byId.get(record.commandId);
      if (known) known.outcome = record.outcome.kind;
    } else if (record.type === 'verified') {
      const known = byId.get(record.commandId);
      if (known) known.verified = { met: record.met, detail: record.detail };
    }
  }
  return [...byId.values()].sort((a, b) => a.at - b.at);
}

function marksOf(action: PhysicalAction): VideoMark[] {
  switch (action.kind) {
    case 'tap':
      return [{ kind: 'ring', x: action.device.x, y: action.device.y, held: (action.holdMs ?? 0) >= 500 }];
    case 'long_press':
      return [{ kind: 'ring', x: action.device.x, y: action.device.y, held: true }];
    case 'swipe':
      return [{ kind: 'path', points: action.device.map((p) => ({ x: p.x, y: p.y })) }];
    case 'type':
    case 'key':
      return [];
  }
}

/** Never the text of a secret: the journal keeps its placeholder, the caption says only that one was typed. */
function describe(action: PhysicalAction): string {
  const at = (p: { x: number; y: number }) => `${Math.round(p.x)},${Math.round(p.y)}`;
  const on = (target?: string) => (target ? ` "${clip(target, 32)}"` : '');
  switch (action.kind) {
    case 'tap':
      return `tap${on(action.target)} at ${at(action.device)}`;
    case 'long_press':
      return `long press${on(action.target)} at ${at(action.device)}`;
    case 'swipe':
      return `swipe${on(action.target)} from ${at(action.device[0]!)} to ${at(action.device.at(-1)!)}`;
    case 'type':
      return action.secret ? 'type a secret' : `type "${clip(action.text, 32)}"`;
    case 'key':
      return `key ${[...(action.mods ?? []), action.key].join('+')}`;
  }
}

function verdictOf(action: Sent): { kind: PictureOverlay['verdict']; text: string } {
  if (action.outcome && action.outcome !== 'done' && action.outcome !== 'already')
    return { kind: 'failed', text: `the MCU answered ${action.outcome}` };
  if (action.verified)
    return action.verified.met
      ? { kind: 'done', text: 'verified' }
      : { kind: 'failed', text: `not verified: ${clip(action.verified.detail, 60)}` };
  return { kind: 'pending', text: action.outcome ? 'sent, not verified' : 'sent, no answer' };
}

function captionOf(action: Sent): string {
  const by = action.by ? ` (by ${action.by})` : '';
  return `step ${action.step} · ${describe(action.action)}${by} · ${verdictOf(action).text}`;
}

function clip(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

// Typing goes only into a field seen focused: a field the screen model shows with the caret or
// focus highlight, or — where fields are not detected — the field tapped by the last action with
// nothing covering it since (no dialog, sheet or banner that was not there right after the tap),
// and the tap seen to have done something: a caret, a focused look or a keyboard changes the
// screen; a tap that changed nothing at all and left no keyboard may have missed the field, and keys
// sent then go nowhere.
// A secret goes only into a password field, or one whose label says it takes a secret.
import type { Observation } from '../../ports/observer.js';
import type { ScreenRegion } from '../../vision/screen-elements.js';
import type { Box } from '../../vision/ocr-line.js';
import type { LastTap } from './tap-hit.js';
import { screenMovedSinceTap } from './focus-screen-moved.js';
import { screenChange } from '../../vision/screen-change.js';

export type { LastTap };

export type FocusVerdict =
  /** `box`: the field's whole box, where what it already holds is read (absent when unknown). */
  { ok: true; field: string; secretField: boolean; box?: Box } | { ok: false; message: string };

const COVERING = new Set<ScreenRegion['kind']>(['dialog', 'sheet', 'banner']);
/** Labels of fields that take a secret, when the dots themselves are not detected. */
const SECRET_LABEL = /\b(password|passcode|passphrase|pin|secret|security code)\b/i;

export function focusedField(now: Observation, lastTap: LastTap | undefined): FocusVerdict {
  const fields = now.screen.elements.filter((e) => e.kind === 'field');
  const focused = fields.filter((e) => e.state.focused);
  if (focused.length === 1)
    return {
      ok: true,
      field: focused[0]!.text,
      secretField: focused[0]!.state.secret === true || SECRET_LABEL.test(focused[0]!.text),
      box: focused[0]!.box,
    };
  if (focused.length > 1)
    return {
      ok: false,
      message: `${focused.length} fields look focused (${focused.map((f) => `"${f.text}"`).join(', ')}); tap the one meant`,
    };
  if (fields.some((f) => f.evidence !== 'layout'))
    return {
      ok: false,
      message: `no text field is focused (fields on screen: ${fields.map((f) => `"${f.text}"`).join(', ')}); tap the field first`,
    };
  if (!lastTap)
    return {
      ok: false,
      message: 'no field was tapped before typing and no focused field is visible; tap the field first',
    };
  const covered = now.screen.regions.filter(
    (r) =>
      COVERING.has(r.kind) &&
      !lastTap.seenAfter.screen.regions.some((s) => s.kind === r.kind && overlapsMostly(s.box, r.box)),
  );
  if (covered.length)
    return {
      ok: false,
      message: `a ${covered[0]!.kind}${covered[0]!.title ? ` "${covered[0]!.title}"` : ''} appeared since the field was tapped, so focus may have moved; tap the field again`,
    };
  const gone = lastTap.seenAfter.screen.regions.filter(
    (r) => COVERING.has(r.kind) && !now.screen.regions.some((s) => s.kind === r.kind && overlapsMostly(s.box, r.box)),
  );
  if (gone.length)
    return {
      ok: false,
      message: `the ${gone[0]!.kind} that was open when the field was tapped has closed, so focus may have moved; tap the field again`,
    };
  const moved = screenMovedSinceTap(lastTap.seenAfter, now);
  if (moved) return { ok: false, message: moved };
  const label = lastTap.hit?.text ?? lastTap.target ?? '';
  if (lastTap.seenBefore && tapShowedNothing(lastTap.seenBefore, now))
    return {
      ok: false,
      message: `the tap on "${label}" changed nothing on the screen (no caret, no focused look, no keyboard), so it may have missed the field; tap the field again`,
    };
  return {
    ok: true,
    field: label,
    secretField: SECRET_LABEL.test(label),
    ...(lastTap.hit ? { box: lastTap.hit.box } : {}),
  };
}

/** Nothing changed since before the tap (any change counts: a caret is one) and no keyboard shows. */
function tapShowedNothing(before: Observation, now: Observation): boolean {
  if (now.screen.regions.some((r) => r.kind === 'keyboard')) return false;
  return before.quality.ok && now.quality.ok && !screenChange(before, now).changed;
}

function overlapsMostly(a: ScreenRegion['box'], b: ScreenRegion['box']): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 && (w * h) / Math.max(a.width * a.height, b.width * b.height) > 0.6;
}

// A heads-up notification over what a step waits for, where the task allows it
// (`dismissNotifications: true`): the notification is swiped away, up, on its own card (Android puts
// it into the shade, where it stays), and what the step waits for is looked for again on the app's
// own screen. Only looking follows: the step's action is never sent again. Never where the task
// does not allow it, and never when what the step waits for already showed on the screen the action
// was planned on (the look again could not tell the action's effect from what was there). Pure.
import { findElements } from '../../../vision/match-elements.js';
import type { Observation } from '../../../ports/observer.js';
import type { Box } from '../../../vision/ocr-line.js';
import type { Decision, ToolOutcome } from '../../types.js';

/** What a step waits for, as the wait_for tool takes it: the step's tool call's text and place. */
export interface Awaited {
  text: string;
  in?: string;
  contains?: boolean;
}

/** The text a step's tool call waits for: a wait_for's own, or an action's expect; none for other checks. */
export function awaitedBy(call: { name: string; args: Record<string, unknown> }): Awaited | undefined {
  const { args } = call;
  const pick = (text: unknown, place: unknown, contains: unknown): Awaited | undefined =>
    typeof text === 'string'
      ? {
          text,
          ...(typeof place === 'string' ? { in: place } : {}),
          ...(typeof contains === 'boolean' ? { contains } : {}),
        }
      : undefined;
  return call.name === 'wait_for'
    ? pick(args.text, args.in, args.contains)
    : pick(args.expect, args.expect_in, args.expect_contains);
}

/** The card of a heads-up notification (a banner nobody asked for) on the look, if one shows. */
export function notificationCard(observation: Observation): Box | undefined {
  if (!observation.quality.ok) return undefined;
  return observation.screen.regions.find((region) => region.kind === 'banner' && region.unasked)?.box;
}

/**
 * Whether the failed step may have its notification swiped away: the task allows it, the step
 * waited for a text and did not see it, a notification shows now, and (for an action) the text was
 * not on the screen the action was planned on.
 */
export function mayClearNotification(
  allowed: boolean,
  last: ToolOutcome,
  awaited: Awaited | undefined,
  now: Observation,
): Box | undefined {
  if (!allowed || !awaited) return undefined;
  if (last.status !== 'verify_failed' && last.status !== 'not_found') return undefined;
  const card = notificationCard(now);
  if (!card) return undefined;
  if (last.plannedOn && findElements(last.plannedOn.screen, { ...awaited, in: 'anywhere' }).matches.length)
    return undefined;
  return card;
}

/** A swipe up from the card's middle to above its top edge: a short, slow stroke, on the card alone. */
export function swipeAwayCall(card: Box, id: string): Extract<Decision, { kind: 'calls' }> {
  const x = Math.round(card.x + card.width / 2);
  const from = Math.round(card.y + card.height / 2);
  const to = Math.max(1, Math.round(card.y / 3));
  return {
    kind: 'calls',
    calls: [
      {
        id,
        name: 'swipe',
        argumentsJson: JSON.stringify({
          path: [
            { x, y: from },
            { x, y: to },
          ],
          duration_ms: 250,
          // Named: a touch on a banner that came unasked is otherwise refused (call-tool.ts refusedUnasked).
          in: 'banner',
        }),
      },
    ],
  };
}

/** How long the look again waits for the text on the app's own screen. */
export const LOOK_AGAIN_MS = 3000;

/** The look again: a wait_for of what the step waited for. */
export function lookAgainCall(awaited: Awaited, id: string): Extract<Decision, { kind: 'calls' }> {
  return {
    kind: 'calls',
    calls: [{ id, name: 'wait_for', argumentsJson: JSON.stringify({ ...awaited, timeout_ms: LOOK_AGAIN_MS }) }],
  };
}

// How a scroll_until_visible step goes on after each swipe: done once its text shows (or showed
// before any swipe), another swipe while the content keeps moving, and a failure at the end of the
// list or at the bound on swipes. A list's end is known from the list, not from one swipe: a swipe
// whose verify window proved the whole screen unchanged was lost (no effect at all: safe to send
// again), so it is sent once more, declared a retry; two in a row that moved nothing are the end.
// A swipe that moved nothing while something else changed is not repeated. Each swipe is its own
// ledgered, journaled, verified call; only the decision to send the next one lives here (as
// Maestro's scrollUntilVisible decides it, core/maestro/scroll-until-visible.ts).
import { findElements } from '../../../vision/match-elements.js';
import type { Observation } from '../../../ports/observer.js';
import { DEFAULT_MAX_SWIPES, type ScrollUntilVisibleStep } from '../../task/gesture-steps.js';
import type { ToolOutcome } from '../../types.js';

export type ScrollVerdict =
  | { next: 'done' }
  | { next: 'again' }
  /** The swipe was lost (nothing changed anywhere): the same swipe once more, as a retry of it. */
  | { next: 'again_lost' }
  | { next: 'halt'; reason: string }
  | { next: 'other' };

export function isScrollUntilVisible(step: unknown): step is ScrollUntilVisibleStep {
  return typeof step === 'object' && step !== null && 'scroll_until_visible' in step;
}

const wantedText = (step: ScrollUntilVisibleStep) =>
  typeof step.scroll_until_visible === 'string' ? step.scroll_until_visible : step.scroll_until_visible.text;

/**
 * `swipes`: how many swipes of this step were sent, the one just judged included; `lostBefore`: the
 * swipe before this one moved nothing either (this one was its retry).
 */
export function judgeScrollSwipe(
  step: ScrollUntilVisibleStep,
  last: ToolOutcome,
  now: Observation,
  swipes: number,
  fill: (text: string) => string,
  lostBefore = false,
): ScrollVerdict {
  const wanted = step.scroll_until_visible;
  const query = {
    text: fill(wantedText(step)),
    ...(typeof wanted === 'object' && wanted.contains ? { contains: true } : {}),
    ...(typeof wanted === 'object' && wanted.in ? { in: wanted.in } : {}),
  };
  // The scroll tool fails a swipe that moved nothing: lost once (nothing changed at all), or the list's end.
  if (last.status === 'verify_failed') {
    if (!lostBefore && last.unchangedWindow) return { next: 'again_lost' };
    return {
      next: 'halt',
      reason: `"${query.text}" did not show after ${swipes} swipe${swipes === 1 ? '' : 's'} ${step.direction ?? 'down'}: ${lostBefore ? 'the last two swipes moved nothing (the end of the list)' : 'the last swipe moved nothing while something else on the screen changed'}`,
    };
  }
  if (last.status !== 'ok') return { next: 'other' };
  if (findElements(now.screen, query).matches.length) return { next: 'done' };
  const max = step.max_swipes ?? DEFAULT_MAX_SWIPES;
  if (swipes >= max)
    return {
      next: 'halt',
      reason: `"${query.text}" did not show within ${max} swipes ${step.direction ?? 'down'} (the content was still moving; raise max_swipes if it is further)`,
    };
  return { next: 'again' };
}

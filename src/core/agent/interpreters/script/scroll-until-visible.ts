// How a scroll_until_visible step goes on after each swipe: done once its text shows (or showed
// before any swipe), another swipe while the content keeps moving, and a failure as soon as a
// swipe moved nothing (the end of the list) or the bound on swipes is reached. Each swipe is its
// own ledgered, journaled, verified call; only the decision to send the next one lives here.
import { findElements } from '../../../vision/match-elements.js';
import type { Observation } from '../../../ports/observer.js';
import { DEFAULT_MAX_SWIPES, type ScrollUntilVisibleStep } from '../../task/gesture-steps.js';
import type { ToolOutcome } from '../../types.js';

export type ScrollVerdict = { next: 'done' } | { next: 'again' } | { next: 'halt'; reason: string } | { next: 'other' };

export function isScrollUntilVisible(step: unknown): step is ScrollUntilVisibleStep {
  return typeof step === 'object' && step !== null && 'scroll_until_visible' in step;
}

const wantedText = (step: ScrollUntilVisibleStep) =>
  typeof step.scroll_until_visible === 'string' ? step.scroll_until_visible : step.scroll_until_visible.text;

/** `swipes`: how many swipes of this step were sent, the one just judged included. */
export function judgeScrollSwipe(
  step: ScrollUntilVisibleStep,
  last: ToolOutcome,
  now: Observation,
  swipes: number,
  fill: (text: string) => string,
): ScrollVerdict {
  const wanted = step.scroll_until_visible;
  const query = {
    text: fill(wantedText(step)),
    ...(typeof wanted === 'object' && wanted.contains ? { contains: true } : {}),
    ...(typeof wanted === 'object' && wanted.in ? { in: wanted.in } : {}),
  };
  // The scroll tool fails a swipe that moved nothing: the list has ended without the text.
  if (last.status === 'verify_failed') {
    return {
      next: 'halt',
      reason: `"${query.text}" did not show after ${swipes} swipe${swipes === 1 ? '' : 's'} ${step.direction ?? 'down'}: the last swipe moved nothing (the end of the list, or the swipe missed it)`,
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

// May a script step whose effect did not show be sent again? Only when its verify window proved the
// screen unchanged (src/core/agent/verify/verify-window.ts): a toast, snackbar or banner that came
// and went while the verify looked is the action's effect, and on a "Share" or "Pay" button a
// retry does it again. A swipe that changed nothing had no effect (a lost gesture): one more try is
// safe; two that changed nothing are the screen's answer, not a loss. Typing keeps its
// own rule (an unverified typing is retried only when a pop-up explains where the keys went), and
// a focus tap is harmless to repeat. Pure.
import type { Observation } from '../../../ports/observer.js';
import type { Decision, ToolOutcome } from '../../types.js';
import type { ActionStep } from './step-to-call.js';

/** Why the failed step must not be sent again (the halt's reason after the step's name), or undefined. */
export function unsafeRetry(step: ActionStep, last: ToolOutcome, attempts = 0): string | undefined {
  if (last.status !== 'verify_failed' || 'type' in step) return undefined;
  // A swipe that changed nothing is sent once more; a list's end is known from the list, not from one swipe.
  if ('swipe' in step && last.unchangedWindow && attempts >= 1)
    return `was not repeated again: ${attempts + 1} swipes changed nothing on the same screen (${last.content.split('\n')[0]})`;
  if (last.unchangedWindow) return undefined;
  if ('expect_change' in step && step.expect_change === false) return undefined;
  return `was not retried: ${last.content.split('\n')[0]}`;
}

/** Looks for a good picture before a retry's screen is judged; past them the poor picture is judged (and differs). */
const SETTLE_LOOKS = 3;

/**
 * Whether the screen now can be compared with the one the step was planned on: change is judged
 * only on good pictures (after one dark frame, OCR noise such as "7", "hot", "ir" is no change).
 * A poor one asks for another look (a bounded wait for any change) instead.
 */
export function settleLook(
  now: Observation,
  looksTaken: number,
  position: string,
): Extract<Decision, { kind: 'calls' }> | undefined {
  if (now.quality.ok || looksTaken >= SETTLE_LOOKS) return undefined;
  return {
    kind: 'calls',
    calls: [
      {
        id: `settle-${position}-${looksTaken + 1}`,
        name: 'wait_for',
        argumentsJson: JSON.stringify({ timeout_ms: 1000 }),
      },
    ],
  };
}

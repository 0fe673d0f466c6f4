// Verify: look again after acting, until what the action should have done shows, or time runs
// out. An action whose effect does not show is a failed step, not a success.
import type { Point } from '../../vision/homography.js';
import { screenChange } from '../../vision/screen-change.js';
import { sameText } from '../../vision/ocr-confusions.js';
import type { ScreenElement } from '../../vision/screen-elements.js';
import { describe, describeElement, findElements, notFoundMessage } from '../../vision/match-elements.js';
import { centreOf, screenText } from '../../vision/screen-model.js';
import { readBefore } from '../../vision/ocr-line.js';
import type { Observation } from '../../ports/observer.js';
import { FRAME_GAP_MS, waitIsOverPastBanners } from '../tools/frame-gap.js';
import type { Expectation } from '../tools/tool.js';
import type { AgentDeps } from './agent-deps.js';
import type { Observations } from './observe-phase.js';
import { NOT_READ_WHOLE, VerifyWindow, type WindowVerdict } from '../verify/verify-window.js';
import { typedDifference } from '../verify/typed-difference.js';
import { rereadTyped } from '../verify/typed-reread.js';

export interface Verification {
  met: boolean;
  detail: string;
  observation: Observation;
  /** What the screen did over the whole window (every look, not only the last): verify-window.ts. */
  window: WindowVerdict;
}

export async function verify(
  deps: AgentDeps,
  looks: Observations,
  before: Observation,
  expectation: Expectation,
  actedAt: number,
  timeoutMs: number,
  tap?: Point,
): Promise<Verification> {
  const start = deps.clock.now();
  let after = actedAt;
  const window = new VerifyWindow(before, actedAt, tap);
  let readAnew = false;
  for (;;) {
    // Each look must be a new picture: taken after the action, and after the previous look.
    let seen = await looks.look(after, undefined, readAnew);
    after = Math.max(after, seen.at) + 0.001;
    window.see(seen);
    let check = judge(before, seen, expectation, tap, actedAt);
    // Found only in a line read from a picture taken before the action: the next picture is read whole.
    readAnew = check.stale === true;
    if (check.met) return { ...check, observation: seen, window: window.verdict() };
    if (
      waitIsOverPastBanners(seen, actedAt, deps.clock.now(), timeoutMs, deps.dismissNotifications) ||
      deps.signal.aborted
    ) {
      // Unmet, and only carried-over rows say nothing changed: one picture read whole decides
      // whether the action had an effect (and whether a retry may be sent).
      if (!deps.signal.aborted && window.verdict().unproven === NOT_READ_WHOLE) {
        seen = await looks.look(after, undefined, true);
        window.see(seen);
        check = judge(before, seen, expectation, tap, actedAt);
        if (check.met) return { ...check, observation: seen, window: window.verdict() };
      }
      // Typing not read back from the whole screen: the field read again alone (verify/typed-reread.ts).
      const again = deps.signal.aborted ? undefined : await rereadTyped(deps.observer, before, seen, expectation);
      if (again?.met) return { met: true, detail: again.detail, observation: seen, window: window.verdict() };
      const problems = seen.quality.ok
        ? ''
        : ` (and the picture is poor: ${seen.quality.problems.map((p) => p.kind).join(', ')})`;
      return {
        met: false,
        detail: `${check.detail}${again ? `; ${again.detail}` : ''} after ${Math.round(deps.clock.now() - start)} ms${problems}`,
        observation: seen,
        window: window.verdict(),
      };
    }
    // The next look waits for a newer frame anyway: poll at the camera's own rate, so a short toast is seen.
    await deps.clock.sleep(FRAME_GAP_MS, deps.signal);
  }
}

/**
 * `actedAt`: when the action was done. A line the reader carried over from a picture taken before
 * it is no evidence of the action (`stale`: found only there; the caller reads the next picture anew).
 */
export function judge(
  before: Observation,
  after: Observation,
  expectation: Expectation,
  tap?: Point,
  actedAt = before.at,
): { met: boolean; detail: string; stale?: boolean } {
  switch (expectation.kind) {
    case 'none':
      return { met: true, detail: 'nothing to check' };
    case 'screen_changes': {
      const change = screenChange(before, after, tap);
      return change.changed
        ? { met: true, detail: `the screen changed (${change.summary})` }
        : { met: false, detail: 'the screen did not change (status and navigation bars left out)' };
    }
    case 'text_appears': {
      const query = { text: expectation.text, ...expectation.where };
      const report = findElements(after.screen, query);
      // Evidence of an action's effect is what the action brought: the same text already there,
      // in the same place, before the action (a banner that claims the result early) proves nothing.
      const unseen = report.matches.filter((m) => !wasThere(before, m.element));
      const found = unseen.find((m) => !readBefore(m.element.lines, actedAt));
      if (found)
        return {
          met: true,
          detail: `"${found.element.text}" is on the screen (${found.element.kind} in the ${describe(found.region)})`,
        };
      if (unseen.length)
        return {
          met: false,
          stale: true,
          detail: `"${unseen[0]!.element.text}" was read from a picture taken before the action (carried over), so it shows nothing of what the action did`,
        };
      if (report.matches.length)
        return {
          met: false,
          detail: `"${report.matches[0]!.element.text}" was on the screen already before the action, in the same place, so it shows nothing of what the action did`,
        };
      return { met: false, detail: `${notFoundMessage(query, report)}${typedDifference(expectation, report)}` };
    }
    case 'text_gone': {
      // Gone means gone from everywhere the app draws, banners and pop-ups included.
      const found = findElements(after.screen, {
        text: expectation.text,
        contains: expectation.where?.contains,
        in: expectation.where?.in ?? 'anywhere',
      }).matches[0];
      return found
        ? { met: false, detail: `"${expectation.text}" is still on the screen (${describeElement(found.element)})` }
        : { met: true, detail: `"${expectation.text}" is gone` };
    }
  }
}

/** The same text at the same place on the screen before the action. */
function wasThere(before: Observation, element: ScreenElement): boolean {
  const c = centreOf(element.box),
    tolerance = Math.max(12, element.textBox.height / 2);
  return before.screen.elements.some(
    (e) =>
      sameText(e.text, element.text) &&
      Math.abs(centreOf(e.box).x - c.x) <= tolerance &&
      Math.abs(centreOf(e.box).y - c.y) <= tolerance,
  );
}

export const screenSummary = (observation: Observation): string => screenText(observation.screen).slice(0, 2000);

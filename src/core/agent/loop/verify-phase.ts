// Verify: look again after acting, until what the action should have done shows, or time runs
// out. An action whose effect does not show is a failed step, not a success.
import { diffScreens } from '../../vision/diff-screens.js';
import { findText } from '../../vision/find-text.js';
import { screenText } from '../../vision/screen-model.js';
import type { Observation } from '../../ports/observer.js';
import type { Expectation } from '../tools/tool.js';
import type { AgentDeps } from './agent-deps.js';
import type { Observations } from './observe-phase.js';

export interface Verification { met: boolean; detail: string; observation: Observation }

export async function verify(deps: AgentDeps, looks: Observations, before: Observation, expectation: Expectation, actedAt: number, timeoutMs: number): Promise<Verification> {
  const start = deps.clock.now();
  let after = actedAt;
  for (;;) {
    // Each look must be a new picture: taken after the action, and after the previous look.
    const seen = await looks.look(after);
    after = Math.max(after, seen.at) + 0.001;
    const check = judge(before, seen, expectation);
    if (check.met) return { ...check, observation: seen };
    if (deps.clock.now() - start >= timeoutMs || deps.signal.aborted) {
      const problems = seen.quality.ok ? '' : ` (and the picture is poor: ${seen.quality.problems.map((p) => p.kind).join(', ')})`;
      return { met: false, detail: `${check.detail} after ${Math.round(deps.clock.now() - start)} ms${problems}`, observation: seen };
    }
    await deps.clock.sleep(200, deps.signal);
  }
}

export function judge(before: Observation, after: Observation, expectation: Expectation): { met: boolean; detail: string } {
  switch (expectation.kind) {
    case 'none':
      return { met: true, detail: 'nothing to check' };
    case 'screen_changes': {
      const diff = diffScreens(before.screen, after.screen);
      return diff.same ? { met: false, detail: 'the screen did not change' } : { met: true, detail: `the screen changed (${diff.appeared.length} line(s) appeared, ${diff.disappeared.length} went)` };
    }
    case 'text_appears': {
      const found = findText(after.screen, expectation.text, { minScore: 0.8, limit: 1 })[0];
      return found ? { met: true, detail: `"${found.text}" is on the screen` } : { met: false, detail: `"${expectation.text}" did not appear` };
    }
    case 'text_gone': {
      const found = findText(after.screen, expectation.text, { minScore: 0.8, limit: 1 })[0];
      return found ? { met: false, detail: `"${expectation.text}" is still on the screen` } : { met: true, detail: `"${expectation.text}" is gone` };
    }
  }
}

export const screenSummary = (observation: Observation): string => screenText(observation.screen).slice(0, 2000);

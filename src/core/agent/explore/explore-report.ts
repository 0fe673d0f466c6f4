// The one thing that crosses back from a sub-run to the parent's transcript: what it found, the
// path of taps that gets there (from the sub-run's verified actions, not from the model's word),
// the screen it ended on (from the last look), capped in size. Pure.
import { describe } from '../../vision/match-elements.js';
import type { ScreenModel } from '../../vision/screen-model.js';
import type { StepRecord } from '../run-state.js';
import type { Termination } from '../types.js';

export const EXPLORE_REPORT_CAP_CHARS = 1500;
const BARS = new Set(['status_bar', 'navigation_bar', 'keyboard']);

export interface ExploreReportInput {
  subRunId: string;
  termination: Termination;
  actions: StepRecord[];
  stepsUsed: number;
  endedOn: ScreenModel;
}

export function exploreReport(input: ExploreReportInput): string {
  const found = foundText(input.termination);
  const path = input.actions.length
    ? input.actions.map((a, i) => `${i + 1}. ${a.summary.slice(0, 90)}`).join('\n')
    : '(no action)';
  const regions = new Map(input.endedOn.regions.map((r) => [r.id, r]));
  const title = input.endedOn.elements.find((e) => e.kind === 'title')?.text;
  const texts = input.endedOn.elements
    .filter((e) => !BARS.has(regions.get(e.region)?.kind ?? 'content'))
    .slice(0, 10)
    .map((e) => {
      const region = regions.get(e.region);
      return `"${e.text.slice(0, 60)}"${region && region.kind !== 'content' ? ` (${describe(region)})` : ''}`;
    });
  const report = [
    `Exploration ${input.subRunId} ended (${input.stepsUsed} step${input.stepsUsed === 1 ? '' : 's'}): ${found}`,
    `Path of actions from where it started:\n${path}`,
    `Ended on${title ? ` "${title}"` : ''}: ${texts.join(', ') || '(no text read)'}`,
    'The device may have moved during the exploration: look at the screen (read_screen, find_text) before acting.',
  ].join('\n');
  return report.length <= EXPLORE_REPORT_CAP_CHARS
    ? report
    : `${report.slice(0, EXPLORE_REPORT_CAP_CHARS - 80)}\n[report cut to ${EXPLORE_REPORT_CAP_CHARS} characters]\n${report.split('\n').at(-1)}`;
}

function foundText(termination: Termination): string {
  if (termination.kind === 'answered') {
    try {
      const { found, found_it } = JSON.parse(termination.text) as { found: string; found_it: boolean };
      return `${found_it ? 'FOUND' : 'NOT FOUND'}: ${found}`;
    } catch {
      return `it answered: ${termination.text.slice(0, 400)}`;
    }
  }
  if (termination.kind === 'budget_exhausted') return `it ran out of budget before reporting (${termination.message})`;
  return `it stopped before reporting (${termination.kind}${'reason' in termination ? `: ${termination.reason}` : ''})`;
}

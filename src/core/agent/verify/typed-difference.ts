// When typing does not show as typed, say which characters differ between the typed text and the
// closest reading on the screen (a caret glued to it is left out of every element: build-elements.ts): the agent knows exactly what it
// typed. Only typing's own check (the text's end in the field) is a typed text; a secret is never
// checked by reading (its expectation is none), so it never reaches a message. Pure.
import type { MatchReport } from '../../vision/match-elements.js';
import { similarity } from '../../vision/text-distance.js';
import { describeDifferences } from '../../vision/text-difference.js';
import type { Expectation } from '../tools/tool.js';

export function typedDifference(expectation: Expectation, report: MatchReport): string {
  if (expectation.kind !== 'text_appears' || !expectation.where?.ending) return '';
  const closest = report.nearMisses
    .map((element) => element.text)
    .sort((a, b) => similarity(b, expectation.text) - similarity(a, expectation.text))[0];
  return closest ? `; against what was typed: ${describeDifferences(expectation.text, closest)}` : '';
}

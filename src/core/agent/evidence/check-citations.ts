// Checks citations against one look at the screen with the verification matcher: whole
// elements (unless a citation says contains), never the phone's bars, never a banner or pop-up
// that appeared unasked unless the citation names it (in: banner), anchors as in every step.
// The refusal names what is and is not there, so the one who claimed can look again. Given the
// claim's moment, a citation holds only on lines read from a picture taken since: a line a band
// read carried over from an earlier picture is stale, and the caller reads the screen anew. Pure.
import { describe, describeElement, findElements, notFoundMessage } from '../../vision/match-elements.js';
import { readBefore } from '../../vision/ocr-line.js';
import type { ScreenModel } from '../../vision/screen-model.js';
import { queryOf } from '../tools/place-args.js';
import { describeCitation, describePlace, type Citation, type CitationCheck } from './citation.js';

export interface CitationVerdict {
  held: boolean;
  checks: CitationCheck[];
}

export function checkCitations(model: ScreenModel, citations: Citation[], since?: number): CitationVerdict {
  const checks = citations.map((citation) => checkOne(model, citation, since));
  return { held: checks.every((c) => c.held), checks };
}

function checkOne(model: ScreenModel, citation: Citation, since: number | undefined): CitationCheck {
  const { text, ...place } = citation;
  const query = queryOf(text, place);
  const report = findElements(model, query);
  const where = describePlace(citation);
  const base = { text, ...(where ? { where } : {}) };
  const fresh = report.matches.filter((match) => since === undefined || !readBefore(match.element.lines, since));
  const first = fresh[0];
  if (!first && report.matches.length)
    return {
      ...base,
      held: false,
      stale: true,
      detail: `"${report.matches[0]!.element.text}" was read from a picture taken before the claim (carried over), not from the screen now`,
    };
  if (!first) return { ...base, held: false, detail: notFoundMessage(query, report) };
  const count = fresh.length > 1 ? ` (and ${fresh.length - 1} more)` : '';
  return {
    ...base,
    held: true,
    detail: `seen: ${describeElement(first.element)} in the ${describe(first.region)}${count}`,
  };
}

const BARS = new Set(['status_bar', 'navigation_bar', 'keyboard']);

/** The refusal an interpreter hears: which citations held, which did not and why, and what the screen shows. */
export function refusalMessage(claim: string, verdict: CitationVerdict, model: ScreenModel): string {
  const failed = verdict.checks
    .filter((c) => !c.held)
    .map((c) => `- NOT on the screen: ${describeCitation(c)}: ${c.detail}`);
  const held = verdict.checks.filter((c) => c.held).map((c) => `- held: ${describeCitation(c)} (${c.detail})`);
  const regions = new Map(model.regions.map((r) => [r.id, r]));
  const shown = model.elements
    .filter((e) => !BARS.has(regions.get(e.region)?.kind ?? 'content'))
    .slice(0, 14)
    .map((e) => {
      const region = regions.get(e.region);
      return `${describeElement(e)}${region && region.kind !== 'content' ? ` in the ${describe(region)}${region.unasked ? ' (appeared unasked: never evidence unless cited with in: ' + region.kind + ')' : ''}` : ''}`;
    });
  const next =
    'Look at the screen again and claim only what it shows, citing whole texts where they are (or go where the evidence is first). A second refused claim in a row hands the run over to a person.';
  return [
    `Your ${claim} was refused: the screen, looked at again just now, does not show what it cites.`,
    ...failed,
    ...held,
    `The screen shows: ${shown.join('; ') || '(no text read)'}.`,
    next,
  ].join('\n');
}

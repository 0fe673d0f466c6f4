// Before a run ends on a claim (a submitted result, an LLM's final answer), a fresh frame is
// taken and every citation is checked with the verification matcher, on lines read from a picture
// taken since the claim (a line carried over is read anew). A claim whose citations do
// not all hold is sent back as an observation naming what is and is not on the screen; the second
// refused claim in a row hands the run over to a person with both refusals. A model grading its
// own answer agrees with itself; the screen does not.
import { checkCitations, refusalMessage } from '../evidence/check-citations.js';
import { describeCitation, type Citation, type CitationCheck } from '../evidence/citation.js';
import type { RunState } from '../run-state.js';
import type { Termination } from '../types.js';
import type { AgentDeps } from './agent-deps.js';
import type { Observations } from './observe-phase.js';

export type ClaimKind = 'submitted result' | 'final answer';

export type EvidenceVerdict =
  | { accepted: true; evidence: CitationCheck[] }
  | { accepted: false; message: string; evidence: CitationCheck[]; termination?: Termination };

export class EvidenceGate {
  private readonly refusals: string[] = [];

  /**
   * `citations` undefined: the claim cites nothing. An LLM's claim must cite (refused); a
   * script's submit without `evidence:` is what its author wrote, accepted unchecked.
   */
  async judge(
    deps: AgentDeps,
    state: RunState,
    looks: Observations,
    claim: ClaimKind,
    citations: Citation[] | undefined,
    problem?: string,
  ): Promise<EvidenceVerdict> {
    if (!citations?.length) {
      if (deps.interpreter.kind === 'script' && !problem) return { accepted: true, evidence: [] };
      return this.refuse(
        deps,
        state,
        claim,
        `Your ${claim} was refused: it cites no evidence (${problem ?? 'give evidence: the whole on-screen texts that show it, placed with in/below/near when the text alone says little'}). Nothing was checked.`,
        [],
      );
    }
    const claimedAt = deps.clock.now();
    let fresh = await looks.look(claimedAt);
    let verdict = checkCitations(fresh.screen, citations, claimedAt);
    // A citation seen only on a line a band read carried over from an earlier picture says
    // nothing of the screen now: the screen is read anew, whole, and judged on that.
    if (verdict.checks.some((check) => check.stale)) {
      fresh = await looks.look(deps.clock.now(), undefined, true);
      verdict = checkCitations(fresh.screen, citations, claimedAt);
    }
    deps.onProgress?.({ type: 'evidence', step: state.step, claim, held: verdict.held, citations: verdict.checks });
    state.log(
      `evidence for the ${claim}: ${verdict.checks.map((c) => `${describeCitation(c)} ${c.held ? 'held' : 'NOT held'}`).join('; ')}`,
    );
    if (verdict.held) return { accepted: true, evidence: verdict.checks };
    return this.refuse(deps, state, claim, refusalMessage(claim, verdict, fresh.screen), verdict.checks);
  }

  private refuse(
    deps: AgentDeps,
    state: RunState,
    claim: ClaimKind,
    message: string,
    evidence: CitationCheck[],
  ): EvidenceVerdict {
    this.refusals.push(message);
    state.error('claim_refused', message.split('\n').slice(0, 2).join(' '));
    if (this.refusals.length < 2) return { accepted: false, message, evidence };
    const gist = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('- NOT'))
        .join(' ') || text.split('\n')[0]!;
    const reason = `two claims in a row were not backed by the screen, a person should look. First: ${gist(this.refusals.at(-2)!)} Second: ${gist(this.refusals.at(-1)!)}`;
    return { accepted: false, message, evidence, termination: { kind: 'handed_over', reason } };
  }
}

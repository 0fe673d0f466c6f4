// Ollama does not refuse a prompt longer than its num_ctx: it drops the oldest part and
// answers anyway, so the model acts on a transcript with its beginning (goal, tools' rules)
// missing. The only trace is the prompt token count it reports. We call a prompt truncated when
//   - the reported count reached the configured window (Ollama fills num_ctx exactly), or
//   - the reported count is far below our own estimate of what we sent, and the estimate is
//     near or over the window (or the window is unknown).
// Images are left out of the estimate here: their real cost varies by model far more than
// text does, and a false alarm would make the loop throw away a good session.
import type { LlmRequest } from '../../core/ports/llm.js';
import { estimateRequestTokens } from './token-estimate.js';

/** "Far below": the server saw less than half of what we think we sent. */
export const FAR_BELOW_RATIO = 0.5;
/** Small prompts are never judged: the estimate's error there is larger than the signal. */
export const MIN_ESTIMATE_TO_JUDGE = 1000;
/**
 * With a known window, only judge prompts that could plausibly have hit it. Older Ollama
 * versions counted only the uncached part of a prompt, which is also "far below".
 */
export const NEAR_WINDOW_RATIO = 0.8;

export interface TruncationEvidence {
  reportedPromptTokens: number;
  request: Pick<LlmRequest, 'system' | 'messages' | 'tools'>;
  contextWindow?: number;
}

export function looksSilentlyTruncated(evidence: TruncationEvidence): boolean {
  const { reportedPromptTokens, contextWindow } = evidence;
  if (reportedPromptTokens <= 0) return false;
  if (contextWindow !== undefined && reportedPromptTokens >= contextWindow) return true;
  const estimate = estimateRequestTokens(evidence.request, { imageTokens: 0 });
  if (estimate < MIN_ESTIMATE_TO_JUDGE) return false;
  if (contextWindow !== undefined && estimate < contextWindow * NEAR_WINDOW_RATIO) return false;
  return reportedPromptTokens < estimate * FAR_BELOW_RATIO;
}

// How full the model's context is. Our own estimate (text at 3.5 characters a token, images at
// a fixed cost) is only a guess, so every answer's reported input tokens correct it: the
// budget keeps the ratio reported/estimated and applies it to the next estimate. Overflow
// errors and silent truncation teach it the real window when the configured one was wrong.
// Pure: no I/O, no clock.
import type { LlmRequest } from '../../../ports/llm.js';
import { estimateRequestTokens } from './token-estimate.js';

/** A model whose window nobody told us: assume a large hosted model (Claude, GPT-4o class). */
export const DEFAULT_CONTEXT_WINDOW = 200_000;
/** One wild usage report (a cached prefix counted oddly, a server bug) must not swing the budget. */
const CORRECTION_MIN = 0.25;
const CORRECTION_MAX = 4;

export interface ContextBudgetSnapshot {
  /** The window in tokens we plan against (configured, or learned from the provider). */
  windowTokens: number;
  /** Where the window came from: told by config/port, the default, or learned from an overflow. */
  windowSource: 'configured' | 'default' | 'learned';
  /** Our raw estimate of the last request sent, and the same corrected by reported usage. */
  estimatedTokens: number;
  correctedTokens: number;
  /** reported input tokens / our estimate, from the latest trustworthy report (1 until one). */
  correction: number;
  /** correctedTokens / windowTokens, rounded to 3 places. */
  fill: number;
}

export class ContextBudget {
  private windowTokens: number;
  private windowSource: ContextBudgetSnapshot['windowSource'];
  private correction = 1;
  private lastEstimate = 0;

  constructor(
    window: number | undefined,
    private readonly imageTokens?: number,
  ) {
    this.windowTokens = window ?? DEFAULT_CONTEXT_WINDOW;
    this.windowSource = window === undefined ? 'default' : 'configured';
  }

  get window(): number {
    return this.windowTokens;
  }

  /** Our raw guess for a request (before correction). */
  estimate(request: Pick<LlmRequest, 'system' | 'messages' | 'tools'>): number {
    return estimateRequestTokens(request, this.imageTokens === undefined ? {} : { imageTokens: this.imageTokens });
  }

  /** The estimate corrected by what the provider has been reporting; remembered as the last sent. */
  measure(request: Pick<LlmRequest, 'system' | 'messages' | 'tools'>): number {
    this.lastEstimate = this.estimate(request);
    return this.corrected(this.lastEstimate);
  }

  corrected(estimate: number): number {
    return Math.ceil(estimate * this.correction);
  }

  /** The share of the window a corrected size takes. */
  share(correctedTokens: number): number {
    return correctedTokens / this.windowTokens;
  }

  /** A provider counted `reportedTokens` for a prompt we estimated at `estimate`. */
  calibrate(estimate: number, reportedTokens: number): void {
    if (estimate <= 0 || reportedTokens <= 0) return;
    this.correction = Math.min(CORRECTION_MAX, Math.max(CORRECTION_MIN, reportedTokens / estimate));
  }

  /**
   * The provider says (or shows, by truncating) the window is at most `tokens`. Only ever
   * shrinks it: a bigger number in an error message does not make a configured window wrong.
   */
  learnLimit(tokens: number | undefined): void {
    if (tokens === undefined || !Number.isFinite(tokens) || tokens <= 0 || tokens >= this.windowTokens) return;
    this.windowTokens = tokens;
    this.windowSource = 'learned';
  }

  snapshot(): ContextBudgetSnapshot {
    const correctedTokens = this.corrected(this.lastEstimate);
    return {
      windowTokens: this.windowTokens,
      windowSource: this.windowSource,
      estimatedTokens: this.lastEstimate,
      correctedTokens,
      correction: Math.round(this.correction * 1000) / 1000,
      fill: Math.round(this.share(correctedTokens) * 1000) / 1000,
    };
  }
}

// Keeps the LLM interpreter's transcript inside the model's context, telling the two overflows
// apart:
//   single-event  one tool result too big on its own: cut to a preview and spilled (capResult);
//   cumulative    the history grew too long: noticed before sending (the corrected estimate
//                 passes compactAt of the window) or by the provider (an overflow error, or
//                 Ollama's silent truncation); answered by compacting old turns, then by a
//                 fresh session seeded from the durable record, then by halting.
// It edits the interpreter's message array in place; everything it did is counted for the
// checkpoint (snapshot()).
import { REPEATED_OVERFLOW_CODE } from '../../error-codes.js';
import type { LlmMessage, LlmRequest } from '../../../ports/llm.js';
import { capFromTokens, capToolResult, type ToolResultCap } from './cap-tool-result.js';
import { compactTranscript, type CompactionMemory } from './compact-transcript.js';
import { ContextBudget, type ContextBudgetSnapshot } from './context-budget.js';
import type { ResolvedContextOptions } from './context-options.js';
import { OverflowPolicy } from './overflow-policy.js';
import { seedSession } from './session-seed.js';
import { SpillStore } from './spill-store.js';
import { CHARS_PER_TOKEN } from './token-estimate.js';

export type RequestShape = Pick<LlmRequest, 'system' | 'tools' | 'maxOutputTokens'>;

/** How the provider showed the prompt did not fit. */
export type OverflowEvidence =
  | { kind: 'error'; estimate: number; promptTokens?: number; limitTokens?: number; message: string }
  | { kind: 'truncated'; estimate: number; reportedTokens: number };

export type ContextVerdict = { ok: true } | { ok: false; reason: string; code?: typeof REPEATED_OVERFLOW_CODE };

export interface ContextManagerSettings {
  goal: string;
  options: ResolvedContextOptions;
  /** LlmPort.contextWindow, used when the options do not set one. */
  portWindow?: number;
  durableState?: () => Promise<string> | string;
}

export interface ContextSnapshot {
  /** 1 for the first session; +1 per switch. */
  session: number;
  sessionSwitches: number;
  budget: ContextBudgetSnapshot;
  compactions: number;
  overflows: {
    /** The history grew too long: seen by us before sending, or by the provider. */
    cumulative: { beforeSending: number; providerErrors: number; silentTruncations: number };
    /** Tool results too big on their own, cut and spilled. */
    singleEvent: number;
  };
  spills: { held: number; chars: number };
  lastSeed?: { durableChars: number; capped: boolean };
}

interface SwitchSource {
  lastUser?: LlmMessage;
  lastAssistant?: LlmMessage;
  reason: string;
  durableState: string;
}

export class ContextManager {
  readonly budget: ContextBudget;
  readonly spills: SpillStore;
  private readonly policy = new OverflowPolicy();
  private memory: CompactionMemory = { lines: [], omitted: 0 };
  private seedCapChars: number;
  private switchSource?: SwitchSource;
  private lastSeed?: ContextSnapshot['lastSeed'];
  private readonly counts = {
    switches: 0,
    compactions: 0,
    beforeSending: 0,
    providerErrors: 0,
    silentTruncations: 0,
    singleEvent: 0,
  };

  constructor(private readonly settings: ContextManagerSettings) {
    this.budget = new ContextBudget(settings.options.contextWindow ?? settings.portWindow);
    this.spills = new SpillStore(settings.options.spillStoreChars);
    this.seedCapChars = settings.options.durableStateCapChars;
  }

  /** Tool results over this are cut: a fixed number of tokens, or a share of a small window. */
  resultCap(): ToolResultCap {
    const { toolResultCapTokens, toolResultCapShare } = this.settings.options;
    return capFromTokens(
      Math.min(toolResultCapTokens, Math.floor(this.budget.window * toolResultCapShare)),
      CHARS_PER_TOKEN,
    );
  }

  /** The single-event overflow: one result too big is cut to a preview, the rest spilled. */
  capResult(content: string): string {
    const capped = capToolResult(content, this.resultCap(), this.spills);
    if (capped.spill) this.counts.singleEvent++;
    return capped.content;
  }

  /** Before a request: compact when the history passes compactAt, switch when that is not enough. */
  async beforeSend(messages: LlmMessage[], shape: RequestShape): Promise<ContextVerdict> {
    const { compactAt, switchAt, keepLastTurns } = this.settings.options;
    // The answer shares the window with the prompt (Anthropic and vLLM count max_tokens against it).
    const share = () => this.budget.share(this.budget.measure({ ...shape, messages }) + shape.maxOutputTokens);
    if (share() <= compactAt) return { ok: true };
    this.counts.beforeSending++;
    this.compact(messages, keepLastTurns);
    if (share() <= switchAt) return { ok: true };
    const shrank = this.compact(messages, 1);
    const after = share();
    // A fresh session that still looks too big is sent anyway: the estimate is a guess, and
    // the provider's answer (or its overflow error) decides. So is a history that is already
    // down to its first message and one turn: a new session would be just as big (the tools'
    // schemas and the seed are the bulk), and switching again on every turn would lose the last
    // turn each time without ever fitting better (measured: a switch per step once the gesture
    // tools made the fixed part of a request larger than the window learned from an overflow).
    if (after <= switchAt || this.policy.inFreshSession || (!shrank && messages.length <= 3)) return { ok: true };
    return this.switchSession(
      messages,
      `about ${Math.round(after * 100)}% of the ${this.budget.window}-token window even after compacting old turns`,
    );
  }

  /** After the provider showed the prompt did not fit: learn from it, then compact, switch or halt. */
  async afterOverflow(messages: LlmMessage[], evidence: OverflowEvidence): Promise<ContextVerdict> {
    const what = this.learn(evidence);
    this.recapResults(messages);
    const step = this.policy.onProviderOverflow();
    switch (step.kind) {
      case 'compact':
        if (this.compact(messages, 1)) return { ok: true };
        // Nothing old left to compact: the history is not the problem a compaction can fix.
        return this.switchSession(messages, `${what}; nothing old was left to compact`);
      case 'switch_session':
        return this.switchSession(messages, `${what}, again after compacting old turns`);
      case 'reseed':
        return this.reseed(messages);
      case 'halt':
        return {
          ok: false,
          code: REPEATED_OVERFLOW_CODE,
          reason:
            `repeated context overflow: the model's context (${this.budget.window} tokens) overflowed ${step.overflowsAfterSwitch} times right after session switch ${this.counts.switches}, ` +
            `in a fresh session seeded only from the durable record (${what}). Stop and surface to the operator: send less per step (images, tool result cap) or use a model with a larger window.`,
        };
    }
  }

  /** An answer that fitted: calibrate the estimate with the provider's own count. */
  accepted(estimate: number, reportedInputTokens: number): void {
    this.budget.calibrate(estimate, reportedInputTokens);
    this.policy.onAnswer();
  }

  snapshot(): ContextSnapshot {
    const snapshot: ContextSnapshot = {
      session: this.counts.switches + 1,
      sessionSwitches: this.counts.switches,
      budget: this.budget.snapshot(),
      compactions: this.counts.compactions,
      overflows: {
        cumulative: {
          beforeSending: this.counts.beforeSending,
          providerErrors: this.counts.providerErrors,
          silentTruncations: this.counts.silentTruncations,
        },
        singleEvent: this.counts.singleEvent,
      },
      spills: { held: this.spills.count, chars: this.spills.chars },
    };
    if (this.lastSeed) snapshot.lastSeed = this.lastSeed;
    return snapshot;
  }

  /** What the provider's answer says about the window and our estimate; the overflow in words. */
  private learn(evidence: OverflowEvidence): string {
    if (evidence.kind === 'truncated') {
      this.counts.silentTruncations++;
      // Ollama fills num_ctx exactly when it truncates, so the count it reports is the window.
      this.budget.learnLimit(evidence.reportedTokens);
      return `the server silently cut the prompt to ${evidence.reportedTokens} tokens`;
    }
    this.counts.providerErrors++;
    if (evidence.promptTokens !== undefined) this.budget.calibrate(evidence.estimate, evidence.promptTokens);
    // Without numbers, all we know is that what we sent did not fit.
    this.budget.learnLimit(evidence.limitTokens ?? Math.floor(this.budget.corrected(evidence.estimate) * 0.95));
    const sizes =
      evidence.promptTokens !== undefined && evidence.limitTokens !== undefined
        ? ` (${evidence.promptTokens} tokens > ${evidence.limitTokens})`
        : '';
    return `the provider refused the prompt as too long${sizes}`;
  }

  /** A window learned smaller than assumed means a smaller cap: re-cut results already in the transcript. */
  private recapResults(messages: LlmMessage[]): void {
    messages.forEach((message, index) => {
      if (!message.content.some((part) => part.type === 'tool_result')) return;
      messages[index] = {
        role: message.role,
        content: message.content.map((part) =>
          part.type === 'tool_result' ? { ...part, content: this.capResult(part.content) } : part,
        ),
      };
    });
  }

  /** True when it changed anything. */
  private compact(messages: LlmMessage[], keepLastTurns: number): boolean {
    const result = compactTranscript(messages, this.memory, {
      goal: this.settings.goal,
      keepLastTurns,
      maxSummaryChars: this.settings.options.summaryCapChars,
    });
    if (result.removedMessages === 0 && result.droppedImages === 0) return false;
    messages.splice(0, messages.length, ...result.messages);
    this.memory = result.memory;
    this.counts.compactions++;
    return true;
  }

  private async switchSession(messages: LlmMessage[], reason: string): Promise<ContextVerdict> {
    const source = this.settings.durableState;
    if (!source) {
      return {
        ok: false,
        reason: `context overflow: ${reason}, and there is no durable state to start a fresh session from (the interpreter was given no durableState). Stop and surface to the operator.`,
      };
    }
    let durableState: string;
    try {
      durableState = await source();
    } catch (error) {
      return {
        ok: false,
        reason: `context overflow: ${reason}, and the durable state for a fresh session could not be read: ${(error as Error).message}`,
      };
    }
    const lastUserIndex = messages.map((m) => m.role).lastIndexOf('user');
    const lastUser = lastUserIndex >= 0 ? messages[lastUserIndex] : undefined;
    const before = lastUserIndex >= 1 ? messages[lastUserIndex - 1] : undefined;
    this.switchSource = {
      reason,
      durableState,
      ...(lastUser ? { lastUser } : {}),
      ...(before?.role === 'assistant' ? { lastAssistant: before } : {}),
    };
    this.counts.switches++;
    this.policy.onSessionSwitch();
    this.memory = { lines: [], omitted: 0 };
    this.seedCapChars = this.settings.options.durableStateCapChars;
    this.seed(messages);
    return { ok: true };
  }

  /** The fresh session overflowed once: the same seed with a quarter of the durable state. */
  private reseed(messages: LlmMessage[]): ContextVerdict {
    if (!this.switchSource)
      return {
        ok: false,
        reason: 'context overflow in a fresh session with no seed to shrink (a bug in context-manager.ts)',
      };
    this.seedCapChars = Math.max(500, Math.floor(this.seedCapChars / 4));
    this.seed(messages);
    return { ok: true };
  }

  private seed(messages: LlmMessage[]): void {
    const source = this.switchSource!;
    const seed = seedSession({
      durableState: source.durableState,
      durableCapChars: this.seedCapChars,
      switchNumber: this.counts.switches,
      reason: source.reason,
      resultCap: this.resultCap(),
      spills: this.spills,
      ...(source.lastUser ? { lastUser: source.lastUser } : {}),
      ...(source.lastAssistant ? { lastAssistant: source.lastAssistant } : {}),
    });
    this.lastSeed = { durableChars: seed.durableChars, capped: seed.capped };
    messages.splice(0, messages.length, seed.message);
  }
}

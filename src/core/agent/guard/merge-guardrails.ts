// Whose word counts for a run's guardrails, in one place: the defaults, then the bench's config
// file, then the task's own limits (steps, deadline), then the operator's choices for this one run
// (flags); `askBefore` rules are added to whatever approval rules won. `run`, `resume`, `test`,
// the fleet's jobs and the service all go through here, so a flow's limits mean the same whoever
// starts it. Pure.
import { guardrailConfigSchema, type ApprovalRule, type GuardrailConfig } from './guardrail-config.js';

export interface GuardrailSources {
  /** The bench's config file (`guardrails:`). */
  bench?: Partial<GuardrailConfig>;
  /** The task's or flow's own `limits`. */
  task?: Partial<GuardrailConfig>;
  /** This run's flags (`--max-steps`, `--deadline`). */
  run?: Partial<GuardrailConfig>;
  /** This run's `--ask-before` rules, asked about on top of the approval rules that won. */
  askBefore?: ApprovalRule[];
}

/** The run's guardrails, validated against their bounds (a bad value is an error naming its field). */
export function mergeGuardrails(sources: GuardrailSources): GuardrailConfig {
  const merged = guardrailConfigSchema.parse({ ...sources.bench, ...sources.task, ...sources.run });
  if (!sources.askBefore?.length) return merged;
  return guardrailConfigSchema.parse({ ...merged, approvals: [...merged.approvals, ...sources.askBefore] });
}

/** What a caller hands a run: the task's own limits are the task's, read where the task is. */
export type RunGuardrails = Omit<GuardrailSources, 'task'>;

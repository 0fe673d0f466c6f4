// Before every step: the step budget, the monotonic deadline, and outside cancellation.
import type { GuardrailConfig } from '../guard/guardrail-config.js';
import type { Termination } from '../types.js';

export function checkBudgets(
  stepsUsed: number,
  elapsedMs: number,
  config: GuardrailConfig,
  signal: AbortSignal,
): Termination | undefined {
  if (signal.aborted) return { kind: 'cancelled', reason: String(signal.reason ?? 'cancelled') };
  if (stepsUsed >= config.maxSteps)
    return { kind: 'budget_exhausted', budget: 'steps', message: `the step budget of ${config.maxSteps} is used up` };
  if (elapsedMs >= config.deadlineMs)
    return {
      kind: 'budget_exhausted',
      budget: 'deadline',
      message: `the deadline of ${Math.round(config.deadlineMs / 1000)} s has passed`,
    };
  return undefined;
}

// Whose word counts for a run's guardrails, decided once (core/agent/guard/merge-guardrails.ts) for
// `run`, `resume`, `test` and the fleet: defaults < the bench's file < the task's limits < flags.
import { describe, expect, it } from 'vitest';
import { defaultGuardrails, guardrailConfigSchema } from '../../../src/core/agent/guard/guardrail-config.js';
import { mergeGuardrails } from '../../../src/core/agent/guard/merge-guardrails.js';

describe('mergeGuardrails', () => {
  it('is the defaults when nobody says anything', () => {
    expect(mergeGuardrails({})).toEqual(defaultGuardrails());
  });

  it("lets a task's limits beat the bench's file, even a file whose budgets are its defaults", () => {
    // A config file is read with its defaults filled in (maxSteps 40): the flow's 7 must still win.
    const bench = guardrailConfigSchema.parse({ verifyTimeoutMs: 2500 });
    const merged = mergeGuardrails({ bench, task: { maxSteps: 7, deadlineMs: 90_000 } });
    expect(merged).toMatchObject({ maxSteps: 7, deadlineMs: 90_000, verifyTimeoutMs: 2500 });
  });

  it("lets this run's flags beat the task and the file", () => {
    const merged = mergeGuardrails({ bench: { maxSteps: 30 }, task: { maxSteps: 7 }, run: { maxSteps: 3 } });
    expect(merged.maxSteps).toBe(3);
  });

  it("adds --ask-before rules to the approval rules that won (the file's, else the defaults)", () => {
    const ask = { name: 'ask-before-1', tool: '*', targetMatches: 'send' };
    expect(mergeGuardrails({ askBefore: [ask] }).approvals).toEqual([...defaultGuardrails().approvals, ask]);
    const own = { name: 'mine', tool: 'tap_text', targetMatches: 'buy' };
    expect(mergeGuardrails({ bench: { approvals: [own] }, askBefore: [ask] }).approvals).toEqual([own, ask]);
  });

  it('refuses a value outside the bounds, naming the field', () => {
    expect(() => mergeGuardrails({ run: { maxSteps: 0 } })).toThrow(/maxSteps/);
  });
});

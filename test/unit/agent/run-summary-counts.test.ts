// The run's sentence counts its errors honestly: a device problem seen four times is four device
// errors (one saved entry, three repeats counted), and the other errors are the entries that are not
// the device's — never a number reduced by the repeats (the adversarial blur run once said "-6 other errors").
import { describe, expect, it } from 'vitest';
import { RunState } from '../../../src/core/agent/run-state.js';
import { summarise } from '../../../src/core/agent/run-summary.js';

describe('the run summary counts errors', () => {
  it('repeats of a device problem count as device errors, and other errors stay what they are', () => {
    const state = new RunState('run-1', 'cont-1', 'a goal', 'test', 0, () => '2026-12-01T00:00:00.000Z');
    for (let i = 0; i < 4; i++) state.deviceProblem('screen_blurred', 'the picture is blurred');
    state.error('tool_verify_failed', 'tap_text: not on the screen');
    state.termination = { kind: 'halted', reason: 'test' };
    const summary = summarise(state, 10, { done: 1, planned: 3 });
    expect(summary.sentence).toContain('4 device errors, 1 other error.');
    expect(summary.deviceProblems).toEqual([expect.objectContaining({ code: 'screen_blurred', count: 4 })]);
  });

  it("a script's progress is its own steps; the tool calls (a retry, an interrupt) follow, never 6 of 4", () => {
    const state = new RunState('run-1', 'cont-1', 'a goal', 'test', 0, () => '2026-12-01T00:00:00.000Z');
    for (let step = 1; step <= 6; step++) state.completed.push({ step, tool: 'tap_text', summary: `call ${step}` });
    state.termination = { kind: 'submitted', result: 'done' };
    const summary = summarise(state, 10, { done: 4, planned: 4 });
    expect(summary.sentence).toMatch(
      /^Submitted a result: completed 4 of 4 steps in 6 tool calls \(0 physical actions\)\.$/,
    );
    expect(summary).toMatchObject({ completedSteps: 6, planSteps: { done: 4, planned: 4 } });
    expect(summarise(state, 10).sentence).toMatch(/completed 6 steps \(/);
  });

  it('names no trouble when there was none', () => {
    const state = new RunState('run-1', 'cont-1', 'a goal', 'test', 0, () => '2026-12-01T00:00:00.000Z');
    state.termination = { kind: 'halted', reason: 'test' };
    expect(summarise(state, 10).sentence).not.toMatch(/error/);
  });
});

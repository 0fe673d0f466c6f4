// The honest account of a run: how it ended and what it got done, in one sentence and as data.
import type { RunState } from './run-state.js';
import type { Termination } from './types.js';

export interface RunSummary {
  runId: string;
  continuationId: string;
  termination: Termination;
  stepsUsed: number;
  actionsDone: number;
  /** Steps the loop completed: tool calls, a retry or an interrupt's each counting. */
  completedSteps: number;
  /** The plan's own steps (a script's), when it has a plan. */
  planSteps?: { done: number; planned: number };
  errors: { code: string; count: number }[];
  /** Device access problems of the session, by code, with how often each happened. */
  deviceProblems: { code: string; count: number; firstAt: string; message: string }[];
  elapsedMs: number;
  sentence: string;
}

const DEVICE_CODES = /^(device|mcu|camera|observe|link)/i;

export function summarise(
  state: RunState,
  elapsedMs: number,
  planSteps?: { done: number; planned: number },
): RunSummary {
  const termination = state.termination ?? { kind: 'halted', reason: 'the run stopped without saying why' };
  const counts = new Map<string, number>();
  for (const error of state.errors) counts.set(error.code, (counts.get(error.code) ?? 0) + 1);
  const errors = [...counts].map(([code, count]) => ({ code, count }));
  const deviceProblems = [...state.deviceProblems].map(([code, p]) => ({
    code,
    count: p.count,
    firstAt: p.firstAt,
    message: p.message,
  }));
  // A device problem is one error entry however often it recurs; its repeats count here too.
  const deviceEntries = state.errors.filter((e) => DEVICE_CODES.test(e.code)).length;
  const deviceErrors = deviceEntries + deviceProblems.reduce((n, p) => n + p.count - 1, 0);
  const otherErrors = state.errors.length - deviceEntries;
  const done = state.completed.length;
  // A script's progress is its own steps; the loop's count (retries, interrupts, rounds) follows it.
  const progress = planSteps
    ? `completed ${planSteps.done} of ${planSteps.planned} steps in ${done} tool call${done === 1 ? '' : 's'}`
    : `completed ${done} step${done === 1 ? '' : 's'}`;
  const trouble = [
    deviceErrors && `${deviceErrors} device error${deviceErrors === 1 ? '' : 's'}`,
    otherErrors && `${otherErrors} other error${otherErrors === 1 ? '' : 's'}`,
  ]
    .filter(Boolean)
    .join(', ');
  const sentence = `${describeTermination(termination)}: ${progress} (${state.actionsDone} physical action${state.actionsDone === 1 ? '' : 's'})${trouble ? `; ${trouble}` : ''}.`;
  const problems = deviceProblems.length
    ? ` Device problems: ${deviceProblems.map((p) => `${p.code}${p.count > 1 ? ` ×${p.count}` : ''}`).join(', ')}.`
    : '';
  return {
    runId: state.runId,
    continuationId: state.continuationId,
    termination,
    stepsUsed: state.step,
    actionsDone: state.actionsDone,
    completedSteps: done,
    ...(planSteps ? { planSteps } : {}),
    errors,
    deviceProblems,
    elapsedMs,
    sentence: sentence + problems,
  };
}

export function describeTermination(termination: Termination): string {
  switch (termination.kind) {
    case 'answered':
      return 'Answered';
    case 'submitted':
      return 'Submitted a result';
    case 'budget_exhausted':
      return `Stopped: ${termination.message}`;
    case 'cancelled':
      return `Cancelled (${termination.reason})`;
    case 'handed_over':
      return `Handed over to a person (${termination.reason})`;
    case 'halted':
      return `Halted (${termination.reason})`;
  }
}

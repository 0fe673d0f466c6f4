// What verify() needs from a run, for the verify-window tests on the manual clock: the clock, the
// observer under test, no inputs, and the run's looks (observe-phase.ts Observations).
import type { AgentDeps } from '../../src/core/agent/loop/agent-deps.js';
import { Observations } from '../../src/core/agent/loop/observe-phase.js';
import { RunState } from '../../src/core/agent/run-state.js';
import { ManualClock } from '../../src/adapters/clock/manual-clock.js';
import { verify, type Verification } from '../../src/core/agent/loop/verify-phase.js';
import type { Expectation } from '../../src/core/agent/tools/tool.js';
import type { Observation, ObserverPort } from '../../src/core/ports/observer.js';
import { advanceUntil } from './drive-clock.js';

export function verifyDeps(clock: ManualClock, observer: ObserverPort): { deps: AgentDeps; looks: Observations } {
  const deps = {
    clock,
    observer,
    signal: new AbortController().signal,
    inputs: { values: {}, secrets: new Set<string>() },
  } as unknown as AgentDeps;
  const looks = new Observations(
    deps,
    new RunState('run', 'chain', 'goal', 'task', 0, () => new Date(0).toISOString()),
  );
  return { deps, looks };
}

/**
 * Runs verify() on a fresh manual clock against the observer `makeObserver` builds (given the clock
 * and the moment of the action), moving the clock until the verification is in.
 */
export async function verifyOnClock(
  makeObserver: (clock: ManualClock, actedAt: number) => ObserverPort,
  before: Observation,
  expectation: Expectation,
  limitMs: number,
): Promise<Verification> {
  const clock = new ManualClock(1000);
  const actedAt = clock.now();
  const { deps, looks } = verifyDeps(clock, makeObserver(clock, actedAt));
  let verification: Verification | undefined;
  void verify(deps, looks, before, expectation, actedAt, limitMs).then((v) => (verification = v));
  await advanceUntil(clock, () => verification !== undefined, {
    stepMs: 50,
    limitMs: 60_000,
    what: 'the verification',
  });
  return verification!;
}

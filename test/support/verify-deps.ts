// What verify() needs from a run, for the verify-window tests on the manual clock: the clock, the
// observer under test, no inputs, and the run's looks (observe-phase.ts Observations).
import type { AgentDeps } from '../../src/core/agent/loop/agent-deps.js';
import { Observations } from '../../src/core/agent/loop/observe-phase.js';
import { RunState } from '../../src/core/agent/run-state.js';
import type { ManualClock } from '../../src/adapters/clock/manual-clock.js';
import type { ObserverPort } from '../../src/core/ports/observer.js';

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

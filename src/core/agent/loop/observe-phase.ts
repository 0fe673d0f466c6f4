// Observe: one look at the device. A camera that fails is a device access problem, recorded
// with its code; failing twice in a row is not retried on every step, it halts the run. A look
// arrives with the task's secrets already hidden in its text and picture: the observer pipeline's
// secrets stage (src/app/bench/observer-pipeline.ts) is the one place that does it.
import type { Observation } from '../../ports/observer.js';
import type { AgentDeps } from './agent-deps.js';
import type { RunState } from '../run-state.js';
import { describeProblems } from '../../vision/frame-gate.js';

export class Observations {
  private latest?: Observation;
  private consecutiveFailures = 0;

  constructor(
    private readonly deps: AgentDeps,
    private readonly state: RunState,
  ) {}

  current(): Observation {
    if (!this.latest) throw new Error('no observation yet');
    return this.latest;
  }

  /**
   * Looks again; throws only after repeated failures (the caller halts the run). `readAnew`: every
   * line read from the new picture, none carried over from an earlier one.
   */
  async look(newerThan?: number, timeoutMs = 10000, readAnew = false): Promise<Observation> {
    for (;;) {
      try {
        this.latest = await this.deps.observer.observe({ newerThan, timeoutMs, ...(readAnew ? { readAnew } : {}) });
        this.consecutiveFailures = 0;
        if (!this.latest.quality.ok)
          for (const problem of this.latest.quality.problems)
            this.state.deviceProblem(`screen_${problem.kind}`, problem.message);
        const capture = this.latest.capture;
        // No frame passed the gate but the best one read confidently: the run's report still says so.
        if (capture?.chosen === 'best_of_failed' && this.latest.quality.ok)
          this.state.deviceProblem(
            'screen_gate_failed',
            `no frame of ${capture.tries} passed the quality gate (${describeProblems(capture.problems)}); the best one was read, confidently`,
          );
        return this.latest;
      } catch (error) {
        this.consecutiveFailures++;
        this.state.deviceProblem('camera_unavailable', (error as Error).message);
        if (this.consecutiveFailures >= 2)
          throw new Error(`the camera failed twice in a row: ${(error as Error).message}`);
        await this.deps.clock.sleep(500, this.deps.signal);
      }
    }
  }
}

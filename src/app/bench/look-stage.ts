// One stage of the observer pipeline (observer-pipeline.ts): a look comes in, the same look or a
// changed one goes on. A stage with work left at the end (pictures still being written) finishes
// when the bench stops.
import type { Observation, ObserveOptions } from '../../core/ports/observer.js';

export interface LookStage {
  /** Named in the pipeline's description and in the order a test checks. */
  readonly name: string;
  /** `asked` is what the loop asked for: a look without newerThan starts a step. */
  pass(look: Observation, asked: ObserveOptions): Promise<Observation>;
  finish?(): Promise<void>;
}

// What decides the next step: a deterministic task script or an LLM calling tools. Both see the
// same observation and results and answer with tool calls or a final answer.
import type { Observation } from '../../ports/observer.js';
import type { Decision, ToolOutcome } from '../types.js';

export interface InterpretInput {
  step: number;
  goal: string;
  observation: Observation;
  /** Outcomes of the calls made in the previous step, in order. */
  results: ToolOutcome[];
}

export interface Interpreter {
  readonly kind: 'script' | 'llm';
  next(input: InterpretInput, signal: AbortSignal): Promise<Decision>;
  /** Where it is, for the checkpoint (the script's step index, the LLM's session). */
  cursor(): Record<string, unknown>;
  /** What it still intends to do, in words (script steps left); empty when unknown. */
  pending(): string[];
  /**
   * The plan's own steps done and planned, when it has a plan (a script's top-level steps): not
   * the loop's tool calls, which count retries, interrupts and a repeat's rounds too.
   */
  progress(): { done: number; planned: number } | undefined;
  /** New instructions from an operator; false when this interpreter cannot take them. */
  redirect?(instructions: string): boolean;
}

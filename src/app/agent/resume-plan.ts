// How `benchhand resume` continues a saved run, as recovery (recover.ts) decided it: its own file
// so the recovery and the run that carries it out do not import each other.
import type { ScriptCursor } from '../../core/agent/interpreters/script/script-interpreter.js';
import type { RunError, StepRecord } from '../../core/agent/run-state.js';

export interface ResumePlan {
  continuationId: string;
  step: number;
  completed: StepRecord[];
  errors: RunError[];
  scriptCursor?: ScriptCursor;
  scriptAdvanceBy: number;
  /** Facts for an LLM's fresh session, from the durable record. */
  handoff: string;
}

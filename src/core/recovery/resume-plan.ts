// How a resumed run picks up, as recovery decided it from the durable record: the same
// execution chain, its step count, what it completed and what went wrong, where a script was,
// and the facts an LLM's fresh session starts from. Pure types.
import type { ScriptCursor } from '../agent/interpreters/script/script-interpreter.js';
import type { RunError, StepRecord } from '../agent/run-state.js';

export interface ResumePlan {
  continuationId: string;
  step: number;
  completed: StepRecord[];
  errors: RunError[];
  /** The last command id the chain allocated, carried into the next result files. */
  lastCommandId: number | null;
  scriptCursor?: ScriptCursor;
  scriptAdvanceBy: number;
  /** Facts for an LLM's fresh session, from the durable record. */
  handoff: string;
}

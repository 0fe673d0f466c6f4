// The vocabulary of the agent loop: tool calls as interpreters make them, what came of them,
// and the ways a run ends. Pure.
import type { Observation } from '../ports/observer.js';
import type { CitationCheck } from './evidence/citation.js';

export interface ToolCall {
  /** The interpreter's id for the call (the LLM's tool_call id, or the script's step id). */
  id: string;
  name: string;
  /** Raw, as the interpreter produced it: it may not parse. */
  argumentsJson: string;
  /**
   * Set by an interpreter that sends a failed call again under its own bound (a script step's
   * `retries`): the repeat guard, which stops unbounded loops, lets the declared retries through.
   */
  retryOf?: string;
}

/** Why a call did not simply succeed; the model sees the status and the message. */
export type ToolStatus =
  | 'ok'
  | 'error'
  | 'unknown_tool'
  | 'unparseable_arguments'
  | 'invalid_arguments'
  | 'repeated_call'
  | 'denied_by_user'
  | 'forbidden_zone'
  | 'timeout'
  | 'verify_failed'
  | 'device_error'
  | 'observation_problem'
  | 'not_found'
  /** Typing refused: no field is seen focused. */
  | 'not_focused'
  /** A result or answer refused: what it cites is not on the screen. */
  | 'unsupported_claim'
  /** The e-stop stopped the action (or kept it from starting): not an attempt; the step goes on after the release. */
  | 'estopped';

export interface ToolOutcome {
  callId: string;
  tool: string;
  status: ToolStatus;
  /** What the interpreter is told: a sentence or two, and what to do next when it failed. */
  content: string;
  data?: unknown;
  commandId?: number;
  /** The look an action was planned on: a retry is only a retry on this same screen. */
  plannedOn?: Observation;
  /** Where the action landed, when it was a tap or a long press: a line read again away from it is no effect. */
  tappedAt?: { x: number; y: number };
  /**
   * A verify_failed action whose verify window proved the screen unchanged (good pictures only, no
   * change, no gap a toast could hide in): only such an action may be sent again (verify-window.ts).
   */
  unchangedWindow?: boolean;
  /** Set when this call ends the run (submit, hand over) or must halt it. */
  termination?: Termination;
  /** The calls after this one in the same reply are not run (they were decided before it changed things). */
  stopReply?: boolean;
}

export type Termination =
  | { kind: 'answered'; text: string; evidence?: CitationCheck[] }
  | { kind: 'submitted'; result: unknown; evidence?: CitationCheck[] }
  | { kind: 'budget_exhausted'; budget: 'steps' | 'deadline'; message: string }
  | { kind: 'cancelled'; reason: string }
  | { kind: 'handed_over'; reason: string }
  | { kind: 'halted'; reason: string };

export type Decision =
  | { kind: 'calls'; calls: ToolCall[]; thought?: string }
  | { kind: 'answer'; text: string }
  /** The interpreter cannot go on (a script step failed past its retries, a bad LLM key). */
  /** `code` goes into the saved errors (recovery reads some: context_overflow_repeated stops a resume). */
  | { kind: 'halt'; reason: string; code?: string };

export const isFailure = (status: ToolStatus): boolean =>
  status === 'error' || status === 'timeout' || status === 'verify_failed' || status === 'device_error';

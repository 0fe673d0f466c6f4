// The per-run guards every tool call passes through, and the shape of the loop's callTool, in
// their own file so a sub-run (explore) can take both without importing the loop's call file.
import type { RepeatedCalls, ToolFailures } from '../guard/policies.js';
import type { LastTap } from '../tools/tap-hit.js';
import type { RunState } from '../run-state.js';
import type { ToolCall, ToolOutcome } from '../types.js';
import type { AgentDeps } from './agent-deps.js';
import type { EvidenceGate } from './evidence-phase.js';
import type { Observations } from './observe-phase.js';

export interface CallGuards {
  repeated: RepeatedCalls;
  failures: ToolFailures;
  evidence: EvidenceGate;
  lastTap?: LastTap;
}

export type CallTool = (
  deps: AgentDeps,
  state: RunState,
  looks: Observations,
  guards: CallGuards,
  call: ToolCall,
) => Promise<ToolOutcome>;

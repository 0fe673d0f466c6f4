// Manual control (issue 39): one action by the person holding the bench goes through the same
// step as the agent's — a fresh look, then callTool (guard: forbidden zones, approvals, the tap
// margin; journal, with the person's name as the intent's `by`; act: the ledgered MCU command;
// verify), then the checkpoint — as the tool call an interpreter would have made (tap_point,
// long_press, swipe, type_text, back, home). No second copy of the step: this file only says which
// call a person's action is. The run stays paused around it (operator-phase.ts), and a run handed
// back looks again before its interpreter decides anything (the next step's first phase).
import type { OperatorAction } from '../../ports/operator.js';
import type { RunState } from '../run-state.js';
import type { ToolCall, ToolOutcome } from '../types.js';
import type { AgentDeps } from './agent-deps.js';
import type { CallGuards, CallTool } from './call-guards.js';
import type { Observations } from './observe-phase.js';
import { recordCheckpoint } from './step-record.js';
import type { ManualControl } from './operator-phase.js';

/** The tool call an interpreter would have made for this action. */
export function operatorToolCall(id: string, action: OperatorAction): ToolCall {
  const call = (name: string, args: object): ToolCall => ({
    id: `operator-${id}`,
    name,
    argumentsJson: JSON.stringify(args),
  });
  switch (action.kind) {
    case 'tap':
      return call('tap_point', { x: Math.round(action.x), y: Math.round(action.y) });
    case 'long_press':
      return call('long_press', { x: Math.round(action.x), y: Math.round(action.y) });
    case 'swipe':
      return call('swipe', { path: action.path.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })) });
    case 'type':
      return call('type_text', { text: action.text });
    case 'back':
      return call('back', {});
    case 'home':
      return call('home', {});
  }
}

/** Looks afresh, runs the action's call through the step under the person's name, checkpoints. */
export async function runOperatorAction(
  deps: AgentDeps,
  state: RunState,
  looks: Observations,
  guards: CallGuards,
  callTool: CallTool,
  command: { id: string; by: string; action: OperatorAction },
): Promise<ToolOutcome> {
  state.actingFor = command.by;
  try {
    // The person decided on the picture they saw; the guard judges the screen as it is now.
    await looks.look();
    const call = operatorToolCall(command.id, command.action);
    state.log(`${command.by} (manual control): ${call.name} ${call.argumentsJson.slice(0, 120)}`);
    return await callTool(deps, state, looks, guards, call);
  } finally {
    state.actingFor = undefined;
    await recordCheckpoint(deps, state);
  }
}

/** What the operator phase needs to let a person act through this run's step. */
export function manualControl(
  deps: AgentDeps,
  state: RunState,
  looks: Observations,
  guards: CallGuards,
  callTool: CallTool,
): ManualControl {
  return {
    act: (command) => runOperatorAction(deps, state, looks, guards, callTool, command),
    look: () => looks.look(),
  };
}

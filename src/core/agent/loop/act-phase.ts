// Journal and act: an fsync'd intent record with the command id before anything is sent, the
// MCU command, then the outcome record (each written by step-record.ts). So the journal always tells "never sent" (no intent),
// "sent, outcome unknown" (intent only) and "done" (intent + outcome) apart.
import type { ActionOutcome } from '../../ports/mcu.js';
import type { PhysicalAction } from '../../ports/run-store.js';
import type { DeviceAction, Expectation } from '../tools/tool.js';
import type { RunState } from '../run-state.js';
import type { AgentDeps } from './agent-deps.js';
import { recordIntent, recordOutcome, recordSending, type IntentContext } from './step-record.js';

export interface ActResult {
  /** The last MCU outcome (for typing: of the last chunk sent). */
  outcome: ActionOutcome;
  commandIds: number[];
  /** Finished moving (done or already done). */
  certain: boolean;
}

/** What the intent names besides the action (whether it is repeatable is judged here). */
export type ActContext = Omit<IntentContext, 'repeatable'>;

export async function act(
  deps: AgentDeps,
  state: RunState,
  context: ActContext,
  action: DeviceAction,
): Promise<ActResult> {
  const pieces = toPhysical(action, deps.mcu.info.limits.maxTextBytes, deps.toActuator);
  const commandIds: number[] = [];
  let outcome: ActionOutcome | undefined;
  for (const piece of pieces) {
    const commandId = await deps.mcu.allocateCommandId();
    commandIds.push(commandId);
    await recordIntent(
      deps,
      state,
      { ...context, repeatable: isRepeatable(piece, context.expectation) },
      piece,
      commandId,
    );
    outcome = await recordSending(deps, state, () => send(deps, piece, commandId));
    await recordOutcome(deps, state, commandId, outcome);
    if (outcome.kind !== 'done' && outcome.kind !== 'already') break;
  }
  state.actionsDone++;
  return { outcome: outcome!, commandIds, certain: outcome!.kind === 'done' || outcome!.kind === 'already' };
}

function send(deps: AgentDeps, action: PhysicalAction, id: number): Promise<ActionOutcome> {
  switch (action.kind) {
    case 'tap':
      return deps.mcu.tap({ x: action.actuator.x, y: action.actuator.y, holdMs: action.holdMs }, { id });
    case 'type':
      return deps.mcu.type(action.text, { id });
    case 'key':
      return deps.mcu.key({ key: action.key, mods: action.mods as never, holdMs: action.holdMs }, { id });
    // A gesture is one ledgered command like a tap: one id, executed once, whatever is retried.
    case 'swipe':
      return deps.mcu.swipe({ path: action.actuator, durationMs: action.durationMs, holdMs: action.holdMs }, { id });
    case 'long_press':
      return deps.mcu.longPress({ x: action.actuator.x, y: action.actuator.y, durationMs: action.durationMs }, { id });
  }
}

/** Maps a device action onto the actuator, splitting long text into commands the MCU accepts. */
export function toPhysical(
  action: DeviceAction,
  maxText: number,
  toActuator: AgentDeps['toActuator'],
): PhysicalAction[] {
  const onActuator = (point: { x: number; y: number }) => {
    const actuator = toActuator(point);
    return { x: Math.round(actuator.x), y: Math.round(actuator.y) };
  };
  if (action.kind === 'tap' || action.kind === 'long_press')
    return [{ ...action, actuator: onActuator(action.device) }];
  if (action.kind === 'swipe') return [{ ...action, actuator: action.device.map(onActuator) }];
  if (action.kind !== 'type' || action.text.length <= maxText) return [action];
  const pieces: PhysicalAction[] = [];
  for (let start = 0; start < action.text.length; start += maxText)
    pieces.push({ ...action, text: action.text.slice(start, start + maxText) });
  return pieces;
}

/**
 * Doing it twice is harmless: a tap that is expected to change nothing on screen (focusing a
 * text field before typing: tap_text/tap_point with expect_change false). Typing and keys are
 * never repeatable (a password typed twice is wrong), nor is a tap that should change the screen.
 */
export function isRepeatable(action: PhysicalAction, expectation: Expectation): boolean {
  return action.kind === 'tap' && expectation.kind === 'none';
}

// At each safe point (before a step): the operator's commands. Stop ends the run here; pause
// waits (looking again is the next step's first phase, so a resumed run never acts on an old
// picture); redirect hands new instructions to the interpreter, or says it cannot take them.
// A latched e-stop (the bench's durable record) holds the run still: a resume is refused with
// the reason until a person releases the e-stop at the bench (issue 14).
// Manual control (issue 39): take pauses the run and reserves it for one person, whose actions go
// through the step (manual-control.ts) while it holds still; the screen is looked at every half
// second meanwhile, so the web console's view stays live; release (or resume) hands it back, and
// the next step looks again before anything is decided. A holder who sends nothing for the idle
// limit (mqtt.manualIdleMinutes) has the bench handed back on their behalf: a person who walked
// away must not leave a task paused or a bench reserved for good.
import type { OperatorCommand } from '../../ports/operator.js';
import type { ToolOutcome } from '../types.js';
import type { RunState } from '../run-state.js';
import type { Termination } from '../types.js';
import type { AgentDeps } from './agent-deps.js';
import { recordAudit } from './step-record.js';
import type { Interpreter } from '../interpreters/interpreter.js';

/** A run nested in a call of another (an exploration): a redirect steers the task, so the parent's interpreter takes it. */
export interface NestedRun {
  parentInterpreter: Interpreter;
}

interface Verdict {
  message: string;
  status: 'ok' | 'refused';
  stop?: boolean;
}

/** What manual control needs from the loop: a person's action through the step, and a look. */
export interface ManualControl {
  act(command: Extract<OperatorCommand, { kind: 'act' }>): Promise<ToolOutcome>;
  look(): Promise<unknown>;
}

/** How often the held screen is looked at while a person controls the bench (the console's live view). */
export const MANUAL_LOOK_MS = 500;

/** How long a person may hold the bench without a command before it is handed back for them (the default). */
export const MANUAL_IDLE_LIMIT_MS = 10 * 60_000;

export async function applyOperatorCommands(
  deps: AgentDeps,
  state: RunState,
  nested?: NestedRun,
  manual?: ManualControl,
): Promise<Termination | undefined> {
  if (!deps.operator && !deps.emergencyStop) return undefined;
  let paused = false;
  let holder: string | undefined;
  let lookedAt = -Infinity;
  let heardFromHolderAt = 0;
  for (;;) {
    for (const command of (await deps.operator?.poll()) ?? []) {
      if (holder && command.by === holder) heardFromHolderAt = deps.clock.now();
      const verdict =
        command.kind === 'take' || command.kind === 'hand_back' || command.kind === 'act'
          ? await control(deps, state, command, holder, manual)
          : await apply(deps, state, command, nested);
      await audit(deps, state, command, verdict);
      if (verdict.stop) return { kind: 'cancelled', reason: `stopped by ${command.by}` };
      // The nested run's goal was the parent's old plan: it ends here, and the parent goes on with the new one.
      if (nested && command.kind === 'redirect')
        return { kind: 'answered', text: `Ended early: ${command.by} redirected the run (${verdict.message}).` };
      if (command.kind === 'pause') paused = true;
      if (command.kind === 'take' && verdict.status === 'ok')
        [paused, holder, heardFromHolderAt] = [true, command.by, deps.clock.now()];
      if ((command.kind === 'resume' || command.kind === 'hand_back') && verdict.status === 'ok')
        [paused, holder] = [false, undefined];
    }
    const idleLimitMs = deps.manualIdleLimitMs ?? MANUAL_IDLE_LIMIT_MS;
    if (holder && deps.clock.now() - heardFromHolderAt >= idleLimitMs) {
      await handBackIdle(deps, state, holder, idleLimitMs);
      [paused, holder] = [false, undefined];
    }
    if (holder && manual && deps.clock.now() - lookedAt >= MANUAL_LOOK_MS && !(await estopLatched(deps))) {
      lookedAt = deps.clock.now();
      await manual.look().catch(() => undefined);
    }
    if (!paused && (await estopLatched(deps))) {
      paused = true;
      state.log(`holding still: ${deps.emergencyStop!.describe()}`);
    }
    if (!paused || deps.signal.aborted) return undefined;
    await deps.clock.sleep(200, deps.signal);
  }
}

/** Re-read only while latched, so a release at the bench is seen; a latch comes from this process. */
async function estopLatched(deps: AgentDeps): Promise<boolean> {
  const record = deps.emergencyStop;
  return record !== undefined && record.latched() && (await record.refresh());
}

async function apply(deps: AgentDeps, state: RunState, command: OperatorCommand, nested?: NestedRun): Promise<Verdict> {
  switch (command.kind) {
    case 'stop':
      return { message: 'stopping at this safe point', status: 'ok', stop: true };
    case 'pause':
      state.log(`paused by ${command.by}`);
      return { message: 'paused until resumed', status: 'ok' };
    case 'resume': {
      if (await estopLatched(deps)) {
        const why = deps.emergencyStop!.describe();
        state.log(`resume from ${command.by} refused: ${why}`);
        return { message: `resume refused: ${why}`, status: 'refused' };
      }
      state.log(`resumed by ${command.by}`);
      return { message: 'resumed; the next step looks again first', status: 'ok' };
    }
    case 'redirect': {
      const interpreter = nested?.parentInterpreter ?? deps.interpreter;
      const taken = interpreter.redirect?.(command.instructions) ?? false;
      state.log(`redirect from ${command.by}: ${taken ? 'taken' : 'not possible for this interpreter'}`);
      return {
        message: taken
          ? `new instructions taken: ${command.instructions}`
          : 'this interpreter follows a fixed script and cannot take new instructions; stop and start a new task instead',
        status: 'ok',
      };
    }
    case 'take':
    case 'hand_back':
    case 'act':
      return control(deps, state, command, undefined, undefined);
  }
}

/** Take, act and hand back: who holds the bench decides; an action runs only for them, and never while the e-stop holds. */
async function control(
  deps: AgentDeps,
  state: RunState,
  command: Extract<OperatorCommand, { kind: 'take' | 'hand_back' | 'act' }>,
  holder: string | undefined,
  manual: ManualControl | undefined,
): Promise<Verdict> {
  if (!manual) return { message: 'this run cannot be controlled by hand', status: 'refused' };
  if (command.kind === 'take') {
    if (holder && holder !== command.by)
      return { message: `${holder} holds the bench; they hand it back first`, status: 'refused' };
    state.log(`taken by ${command.by}: the run holds still under manual control`);
    return { message: 'the bench is yours: the run holds still until you hand it back', status: 'ok' };
  }
  if (holder !== command.by)
    return {
      message: holder ? `${holder} holds the bench, not ${command.by}` : 'take the bench first',
      status: 'refused',
    };
  if (command.kind === 'hand_back') {
    // A latched e-stop still holds the run after this (the loop checks it before going on).
    state.log(`handed back by ${command.by}: the run looks again before it goes on`);
    return { message: 'handed back; the run looks at the screen again before it acts', status: 'ok' };
  }
  if (await estopLatched(deps)) return { message: `not sent: ${deps.emergencyStop!.describe()}`, status: 'refused' };
  const outcome = await manual.act(command);
  return {
    message: `${outcome.tool}: ${outcome.status}: ${outcome.content.split('\n')[0]!.slice(0, 200)}`,
    status: outcome.status === 'ok' ? 'ok' : 'refused',
  };
}

/** The holder sent nothing for the idle limit: the bench is handed back as they would have, on the record. */
function handBackIdle(deps: AgentDeps, state: RunState, holder: string, idleLimitMs: number): Promise<void> {
  const minutes = Math.round((idleLimitMs / 60_000) * 10) / 10;
  const message = `handed back for ${holder}: nothing from them for ${minutes} min (mqtt.manualIdleMinutes); the run looks at the screen again before it acts`;
  state.log(`manual control by ${holder} ended: ${message}`);
  return audit(deps, state, { id: `idle-${deps.newId()}`, kind: 'hand_back', by: holder }, { message, status: 'ok' });
}

function audit(deps: AgentDeps, state: RunState, command: OperatorCommand, verdict: Verdict): Promise<void> {
  const line = { tool: `operator_${command.kind}`, args: { id: command.id, by: command.by }, durationMs: 0 };
  return recordAudit(deps, state, { ...line, status: verdict.status, message: verdict.message }, verdict.message);
}

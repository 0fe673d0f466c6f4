// At each safe point (before a step): the operator's commands. Stop ends the run here; pause
// waits (looking again is the next step's first phase, so a resumed run never acts on an old
// picture); redirect hands new instructions to the interpreter, or says it cannot take them.
// A latched e-stop (the bench's durable record) holds the run still: a resume is refused with
// the reason until a person releases the e-stop at the bench (issue 14).
import type { OperatorCommand } from '../../ports/operator.js';
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

export async function applyOperatorCommands(
  deps: AgentDeps,
  state: RunState,
  nested?: NestedRun,
): Promise<Termination | undefined> {
  if (!deps.operator && !deps.emergencyStop) return undefined;
  let paused = false;
  for (;;) {
    for (const command of (await deps.operator?.poll()) ?? []) {
      const verdict = await apply(deps, state, command, nested);
      await audit(deps, state, command, verdict);
      if (verdict.stop) return { kind: 'cancelled', reason: `stopped by ${command.by}` };
      // The nested run's goal was the parent's old plan: it ends here, and the parent goes on with the new one.
      if (nested && command.kind === 'redirect')
        return { kind: 'answered', text: `Ended early: ${command.by} redirected the run (${verdict.message}).` };
      if (command.kind === 'pause') paused = true;
      if (command.kind === 'resume' && verdict.status === 'ok') paused = false;
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
  }
}

function audit(deps: AgentDeps, state: RunState, command: OperatorCommand, verdict: Verdict): Promise<void> {
  const line = { tool: `operator_${command.kind}`, args: { id: command.id, by: command.by }, durationMs: 0 };
  return recordAudit(deps, state, { ...line, status: verdict.status, message: verdict.message }, verdict.message);
}

// At each safe point (before a step): the operator's commands. Stop ends the run here; pause
// waits (looking again is the next step's first phase, so a resumed run never acts on an old
// picture); redirect hands new instructions to the interpreter, or says it cannot take them.
import type { OperatorCommand } from '../../ports/operator.js';
import type { RunState } from '../run-state.js';
import type { Termination } from '../types.js';
import type { AgentDeps } from './agent-deps.js';

export async function applyOperatorCommands(deps: AgentDeps, state: RunState): Promise<Termination | undefined> {
  if (!deps.operator) return undefined;
  let paused = false;
  for (;;) {
    for (const command of await deps.operator.poll()) {
      const verdict = apply(deps, state, command);
      await audit(deps, state, command, verdict.message);
      if (verdict.stop) return { kind: 'cancelled', reason: `stopped by ${command.by}` };
      if (command.kind === 'pause') paused = true;
      if (command.kind === 'resume') paused = false;
    }
    if (!paused || deps.signal.aborted) return undefined;
    await deps.clock.sleep(200, deps.signal);
  }
}

function apply(deps: AgentDeps, state: RunState, command: OperatorCommand): { message: string; stop?: boolean } {
  switch (command.kind) {
    case 'stop': return { message: 'stopping at this safe point', stop: true };
    case 'pause': state.log(`paused by ${command.by}`); return { message: 'paused until resumed' };
    case 'resume': state.log(`resumed by ${command.by}`); return { message: 'resumed; the next step looks again first' };
    case 'redirect': {
      const taken = deps.interpreter.redirect?.(command.instructions) ?? false;
      state.log(`redirect from ${command.by}: ${taken ? 'taken' : 'not possible for this interpreter'}`);
      return { message: taken ? `new instructions taken: ${command.instructions}` : 'this interpreter follows a fixed script and cannot take new instructions; stop and start a new task instead' };
    }
  }
}

async function audit(deps: AgentDeps, state: RunState, command: OperatorCommand, message: string): Promise<void> {
  await deps.store.appendAudit({ at: deps.wallClock(), runId: state.runId, step: state.step, tool: `operator_${command.kind}`, args: { id: command.id, by: command.by }, status: 'ok', message, durationMs: 0 });
  deps.onProgress?.({ type: 'outcome', step: state.step, tool: `operator_${command.kind}`, status: 'ok', content: message, durationMs: 0 });
}

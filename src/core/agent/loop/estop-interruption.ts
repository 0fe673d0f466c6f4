// An action the e-stop stopped part-way (the MCU's ABORTED while the bench is e-stopped) or kept
// from starting (ESTOPPED) is not a failed attempt: nothing about the step was wrong, a person
// stopped the bench. The run holds still (the operator phase, until the e-stop is released at the
// bench and the run resumed) and the step is then done again whole — for typing, only the
// characters the MCU says did not go out, so the field never holds the start of the text twice.
// Pure apart from re-reading the durable e-stop record.
import type { ActionOutcome } from '../../ports/mcu.js';
import type { ActionPlan } from '../tools/tool.js';
import type { ToolCall, ToolOutcome } from '../types.js';
import type { AgentDeps } from './agent-deps.js';

/** What an e-stopped call tells its interpreter: how much of a text is typed now (the MCU's count). */
export interface EstopData {
  estopped: true;
  /** For typing: characters of the whole text the field has received, the earlier tries' included. */
  typed?: number;
}

/** The e-stopped outcome, or undefined when the action did not end because of an e-stop. */
export async function estopInterruption(
  deps: AgentDeps,
  call: ToolCall,
  plan: ActionPlan,
  acted: { outcome: ActionOutcome; commandIds: number[] },
): Promise<ToolOutcome | undefined> {
  const { outcome } = acted;
  const refused = outcome.kind === 'refused' && outcome.code === 'ESTOPPED';
  const aborted = outcome.kind === 'failed' && outcome.code === 'ABORTED';
  if (!refused && !(aborted && (await estopLatched(deps)))) return undefined;
  const commandId = acted.commandIds.at(-1);
  const data: EstopData = { estopped: true };
  let sent = 'Nothing moved.';
  if (plan.action.kind === 'type') {
    const before = plan.alreadyTyped ?? 0;
    const now = before + typedThisCall(acted, deps.mcu.info.limits.maxTextBytes);
    const total = before + plan.action.text.length;
    data.typed = now;
    sent = `${now} of the text's ${total} characters are typed (the MCU's count); after the release, type_text again with already_typed: ${now} types only the rest.`;
  }
  return {
    callId: call.id,
    tool: call.name,
    status: 'estopped',
    commandId,
    data,
    content: `The e-stop stopped ${plan.summary}. ${sent} Nothing moves until a person releases the e-stop at the bench and the run is resumed; then the step is done again.`,
  };
}

/**
 * The characters of this call's text that went out: the pieces before the last were done whole
 * (act stops at the first that is not), the last one as far as the MCU's n says.
 */
function typedThisCall(acted: { outcome: ActionOutcome; commandIds: number[] }, maxText: number): number {
  const n = 'n' in acted.outcome ? (acted.outcome.n ?? 0) : 0;
  return (acted.commandIds.length - 1) * maxText + n;
}

/** The MCU's own latch (seen on its event) or the bench's durable record, re-read after its write. */
async function estopLatched(deps: AgentDeps): Promise<boolean> {
  if (deps.mcu.info.state === 'estopped') return true;
  return (await deps.emergencyStop?.refresh()) ?? false;
}

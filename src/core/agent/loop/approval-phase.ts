// The approval gate's question: what the action would hit, shown to a person (screen title,
// dialog, element, the picture it was planned on), or answered by the task's own pre-approval
// when it names that very element on that very screen. A refusal comes back as the call's outcome.
import type { ApprovalAnswer, ApprovalContext } from '../../ports/approval.js';
import type { Observation } from '../../ports/observer.js';
import type { ApprovalRule } from '../guard/guardrail-config.js';
import { describePreApproval, preApprovalFor } from '../guard/pre-approval.js';
import type { RunState } from '../run-state.js';
import type { ActionPlan } from '../tools/tool.js';
import type { ToolCall, ToolOutcome } from '../types.js';
import type { AgentDeps } from './agent-deps.js';

/** Asks (or finds the task's pre-approval); returns the refusal outcome, or nothing when approved. */
export async function gateOnApproval(
  deps: AgentDeps,
  state: RunState,
  call: ToolCall,
  args: unknown,
  plan: ActionPlan,
  before: Observation,
  rule: ApprovalRule,
): Promise<ToolOutcome | undefined> {
  const context = approvalContext(plan, before);
  const preApproved = preApprovalFor(context, deps.preApprovals ?? []);
  const answer: ApprovalAnswer = preApproved
    ? { approved: true, by: describePreApproval(preApproved) }
    : await deps.approvals.ask(
        {
          id: deps.newId(),
          tool: call.name,
          args,
          summary: plan.summary + contextInWords(context),
          rule: rule.name,
          context,
          ...(before.frame ? { frame: before.frame } : {}),
        },
        deps.signal,
      );
  deps.onProgress?.({
    type: 'approval',
    step: state.step,
    tool: call.name,
    summary: plan.summary,
    approved: answer.approved,
    by: answer.by,
  });
  if (answer.approved) {
    if (preApproved) state.log(`${plan.summary}: approved by ${answer.by} (rule ${rule.name})`);
    return undefined;
  }
  return {
    callId: call.id,
    tool: call.name,
    status: 'denied_by_user',
    content: `${answer.by} did not approve ${plan.summary} (${answer.reason}). Nothing moved. Do not try it another way; continue without it or hand over.`,
  };
}

/** What a person approving a touch should see: the screen's title, the dialog's, and the element (a drag's start). */
export function approvalContext(plan: ActionPlan, before: Observation): ApprovalContext | undefined {
  const action = plan.action;
  if (action.kind !== 'tap' && action.kind !== 'long_press' && action.kind !== 'swipe') return undefined;
  const screenTitle = before.screen.elements.find((e) => e.kind === 'title')?.text;
  const hit = action.hit;
  return {
    ...(screenTitle ? { screenTitle } : {}),
    ...(hit && hit.region !== 'content'
      ? { region: { kind: hit.region, ...(hit.regionTitle ? { title: hit.regionTitle } : {}) } }
      : {}),
    ...(hit ? { element: { kind: hit.kind, text: hit.text, box: hit.box } } : {}),
    point: action.kind === 'swipe' ? action.device[0]! : action.device,
  };
}

function contextInWords(context: ApprovalContext | undefined): string {
  if (!context) return '';
  const parts = [
    context.screenTitle ? `screen "${context.screenTitle}"` : '',
    context.region ? `${context.region.kind}${context.region.title ? ` "${context.region.title}"` : ''}` : '',
    context.element ? `element ${context.element.kind} "${context.element.text}"` : '',
  ].filter(Boolean);
  return parts.length ? ` [${parts.join('; ')}]` : '';
}

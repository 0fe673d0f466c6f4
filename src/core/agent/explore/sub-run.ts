// A sub-run: the explore tool's helper, run inside one call of the parent. Its own interpreter
// (a fresh context), its own run id in the journal and the audit log, its own step budget taken
// from the parent's (its steps continue the parent's numbering, so the parent's budget, the crash
// hook and the report all count them), the same device, guard, journal and MCU. The result file
// stays the parent's throughout: it names the sub-run's action in flight, so a crash inside a
// sub-run is recovered as any run's (recovery reads the journal), and a resume goes on with the
// parent's task. Only a capped report crosses back. Its steps are the loop's own (loop/step.ts),
// under an exploration's policy: watchers do not hear of them, a plain answer is the report.
import type { ApprovalPort } from '../../ports/approval.js';
import type { RunStore } from '../../ports/run-store.js';
import { RepeatedCalls, ToolFailures } from '../guard/policies.js';
import type { AgentDeps } from '../loop/agent-deps.js';
import { recordRunStart, saveResultFile } from '../loop/step-record.js';
import type { StepPolicy } from '../loop/step.js';
import { runSteps } from '../loop/run-steps.js';
import type { CallGuards, CallTool } from '../loop/call-guards.js';
import { EvidenceGate } from '../loop/evidence-phase.js';
import type { Observations } from '../loop/observe-phase.js';
import { RunState } from '../run-state.js';
import type { ToolReply } from '../tools/tool.js';
import type { Termination, ToolOutcome } from '../types.js';
import { exploreRegistry } from './explore-allowlist.js';
import { exploreReport } from './explore-report.js';

/** Steps the parent keeps for itself after an exploration (to look again and act on the report). */
const PARENT_RESERVE_STEPS = 2;

/** Anything an approval rule covers is out of an exploration's reach: refused, never asked. */
const refusingApprovals: ApprovalPort = {
  ask: async (request) => ({
    approved: false,
    by: 'the exploration policy',
    reason: `an exploration never taps what an approval rule covers (rule ${request.rule})`,
  }),
};

/** `call` is the loop's callTool, handed in (the loop imports this file: no import cycle). */
export async function runSubRun(
  deps: AgentDeps,
  parent: RunState,
  looks: Observations,
  goal: string,
  askedSteps: number,
  call: CallTool,
): Promise<ToolReply> {
  const left = deps.guardrails.maxSteps - (parent.step - parent.firstStep) - PARENT_RESERVE_STEPS;
  const budget = Math.min(askedSteps, left);
  if (budget < 1)
    return {
      status: 'error',
      content: `No step budget is left for an exploration (${left + PARENT_RESERVE_STEPS} steps left). Look yourself instead.`,
    };
  if (!deps.explorer) return { status: 'error', content: 'explore is not available in this run.' };
  const tools = exploreRegistry(deps.tools);
  const sub = new RunState(
    deps.newId(),
    parent.continuationId,
    goal,
    `${parent.task} (explore)`,
    parent.startedAt,
    deps.wallClock,
  );
  sub.step = parent.step;
  sub.lastCommandId = parent.lastCommandId;
  const sync = new ParentSync(deps, parent, sub);
  const subDeps: AgentDeps = {
    ...deps,
    tools,
    approvals: refusingApprovals,
    interpreter: deps.explorer(goal, tools),
    explorer: undefined,
    guardrails: { ...deps.guardrails, maxSteps: budget },
    store: sync.store,
  };
  await recordRunStart(deps, sub);
  parent.log(`explore ${sub.runId} (${budget} steps): ${goal}`);
  const guards: CallGuards = {
    repeated: new RepeatedCalls(deps.guardrails.repeatLimit),
    failures: new ToolFailures(deps.guardrails),
    evidence: new EvidenceGate(),
  };
  const first = sub.step;
  const policy: StepPolicy = {
    announce: false,
    // A plain answer is its report (no evidence gate: the parent looks again before acting on it).
    answer: async (text) => ({ results: [], termination: { kind: 'answered', text } }),
    callTool: call,
  };
  // The one loop, nested: the operator is heard between any two of its steps as between the parent's.
  const termination = await runSteps(subDeps, sub, looks, guards, first, {
    step: () => policy,
    checkpoint: async () => {
      deps.phaseHook?.('checkpoint', sub.step);
      await sync.save();
    },
    nested: { parentInterpreter: deps.interpreter },
  });
  const report = exploreReport({
    subRunId: sub.runId,
    termination,
    actions: sub.completed.filter((c) => c.commandId !== undefined),
    stepsUsed: sub.step - first,
    endedOn: looks.current().screen,
  });
  parent.log(`explore ${sub.runId} ended: ${termination.kind}`);
  const data = { subRunId: sub.runId, stepsUsed: sub.step - first };
  // A stop (the operator's, or the run's signal) inside the exploration stops the run it is part of.
  if (termination.kind === 'cancelled') return { status: 'ok', content: report, data, termination };
  return { status: 'ok', content: report, stopReply: true, data };
}

/**
 * Keeps the parent's record current while the sub-run acts: its step, its last command id, the
 * action in flight and the sub-run's verified actions, saved as the parent's result file.
 */
class ParentSync {
  private synced = 0;
  private readonly actionsBefore: number;
  readonly store: RunStore;

  constructor(
    private readonly deps: AgentDeps,
    private readonly parent: RunState,
    private readonly sub: RunState,
  ) {
    this.actionsBefore = parent.actionsDone;
    const base = deps.store;
    this.store = {
      stateDir: base.stateDir,
      loadCheckpoint: () => base.loadCheckpoint(),
      loadJournal: () => base.loadJournal(),
      appendJournal: (record) => base.appendJournal(record),
      appendAudit: (record) => base.appendAudit(record),
      saveCheckpoint: () => this.save(),
      writeNote: (name, text) => base.writeNote(name, text),
      readNote: (name) => base.readNote(name),
      listNotes: () => base.listNotes(),
    };
  }

  async save(): Promise<void> {
    const { parent, sub } = this;
    parent.step = sub.step;
    parent.phase = sub.phase;
    parent.lastCommandId = sub.lastCommandId ?? parent.lastCommandId;
    parent.current = sub.current;
    parent.actionsDone = this.actionsBefore + sub.actionsDone;
    for (const done of sub.completed.slice(this.synced))
      if (done.commandId !== undefined) parent.completed.push({ ...done, summary: `explore: ${done.summary}` });
    this.synced = sub.completed.length;
    await saveResultFile(this.deps, parent);
  }
}

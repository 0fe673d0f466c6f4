// The run report's model: what a state directory holds (read by src/app/report), arranged into
// the run's timeline — each step with its calls, each physical action with its journal records
// (intent, outcome, verification), the pictures it was decided on and verified with, and any
// approval; recovery decisions and operator commands where they happened. Pure.
import type { CaptureRecord } from '../../core/vision/retake-policy.js';
import type { RunError } from '../../core/agent/run-state.js';
import type { FindingRecord } from '../../core/findings/finding-record.js';
import type { AuditRecord, JournalRecord, PhysicalAction, JournalExpectation } from '../../core/ports/run-store.js';
import type { ActionOutcome } from '../../core/ports/mcu.js';
import type { Checkpoint } from '../../core/state/checkpoint.js';
import type { ApprovalEntry, FrameEntry, FrameLines } from './frame-index.js';

/** A picture inlined in the page: the screen upright, in the device's proportions. */
export interface Picture {
  dataUrl: string;
  width: number;
  height: number;
}

export interface ReportFrame {
  entry: FrameEntry;
  /** Absent when the picture was dropped (frame budget) or could not be read: `missing` says why. */
  picture?: Picture;
  lines?: FrameLines;
  missing?: string;
}

export interface ReportInput {
  stateDir: string;
  generatedAt: string;
  checkpoint?: Checkpoint;
  /** Why result.json could not be used, when it could not. */
  checkpointProblem?: string;
  journal: JournalRecord[];
  audit: AuditRecord[];
  /** Damaged lines, torn last lines and the like, said plainly in the report. */
  problems: string[];
  findings: FindingRecord[];
  findingsPath: string;
  frames: ReportFrame[];
  approvals: ApprovalEntry[];
  /** The first kept camera picture as taken, with where the calibration puts the screen in it. */
  cameraView?: { picture: Picture; corners: { x: number; y: number }[] };
  deviceSize?: { width: number; height: number };
  /** True when the state directory has a frames/ folder at all (the run kept pictures). */
  framesKept: boolean;
  /** The flow's named screenshots (screenshot steps), in the order taken. */
  screenshots?: { name: string; picture?: Picture; texts: string[]; savedAt: string }[];
  /** The run's videos (STATE_DIR/video.mp4, and video-2.mp4, ... for each resumed part), relative to the state directory. */
  videos?: string[];
}

export interface ActionRecord {
  commandIds: number[];
  action?: PhysicalAction;
  expectation?: JournalExpectation;
  outcome?: ActionOutcome;
  verified?: { met: boolean; detail: string };
  /** How the quality gate chose the picture the action was planned on (absent: no gate, or the first frame passed unrecorded). */
  look?: Pick<CaptureRecord, 'chosen' | 'tries' | 'fused' | 'exposure' | 'bracket'> & { problems?: readonly string[] };
  before?: ReportFrame;
  after?: ReportFrame;
}

export interface CallRecord {
  audit: AuditRecord;
  action?: ActionRecord;
  approval?: ApprovalEntry;
}

export type TimelineItem =
  | {
      kind: 'step';
      step: number;
      runId?: string;
      calls: CallRecord[];
      unmatchedActions: ActionRecord[];
      lastLook?: ReportFrame;
      errors: RunError[];
    }
  | { kind: 'recovery'; audit: AuditRecord }
  | { kind: 'operator'; audit: AuditRecord };

/** Groups the records into the timeline, in the order things happened. */
export function buildTimeline(input: ReportInput): TimelineItem[] {
  const actions = actionsFromJournal(input.journal, input.frames);
  const byCommand = new Map<string, ActionRecord>();
  for (const action of actions)
    for (const id of action.record.commandIds) byCommand.set(`${action.runId}:${action.step}:${id}`, action.record);
  const used = new Set<ActionRecord>();
  const approvals = [...input.approvals];
  const items: TimelineItem[] = [];
  const steps = new Map<string, Extract<TimelineItem, { kind: 'step' }>>();
  const stepItem = (step: number, runId?: string) => {
    const key = `${runId ?? ''}:${step}`;
    let item = steps.get(key);
    if (!item) {
      item = { kind: 'step', step, runId, calls: [], unmatchedActions: [], errors: [] };
      steps.set(key, item);
      items.push(item);
    }
    return item;
  };
  for (const audit of input.audit) {
    if (audit.tool === 'recovery') {
      items.push({ kind: 'recovery', audit });
      continue;
    }
    if (audit.tool.startsWith('operator_')) {
      items.push({ kind: 'operator', audit });
      continue;
    }
    const action =
      audit.commandId !== undefined ? byCommand.get(`${audit.runId}:${audit.step}:${audit.commandId}`) : undefined;
    if (action) used.add(action);
    const approvalAt = approvals.findIndex((a) => a.step === audit.step && a.tool === audit.tool);
    const approval = approvalAt >= 0 ? approvals.splice(approvalAt, 1)[0] : undefined;
    stepItem(audit.step, audit.runId).calls.push({
      audit,
      ...(action ? { action } : {}),
      ...(approval ? { approval } : {}),
    });
  }
  // Actions the audit never heard of (the run died between the act and its audit line).
  for (const action of actions) {
    if (!used.has(action.record)) stepItem(action.step, action.runId).unmatchedActions.push(action.record);
  }
  const shown = new Set<string>();
  for (const action of actions)
    for (const f of [action.record.before, action.record.after]) if (f) shown.add(f.entry.file);
  for (const frame of input.frames) {
    if (frame.entry.role !== 'last' || shown.has(frame.entry.file)) continue;
    const item =
      [...steps.values()].find(
        (s) => s.step === frame.entry.step && (!frame.entry.runId || !s.runId || s.runId === frame.entry.runId),
      ) ?? stepItem(frame.entry.step, frame.entry.runId);
    item.lastLook = frame;
  }
  for (const error of input.checkpoint?.errors ?? []) {
    const item = [...steps.values()].reverse().find((s) => s.step === error.step);
    if (item) item.errors.push(error);
  }
  return items;
}

interface LocatedAction {
  runId: string;
  step: number;
  record: ActionRecord;
}

function actionsFromJournal(journal: JournalRecord[], frames: ReportFrame[]): LocatedAction[] {
  const byCall = new Map<string, LocatedAction>();
  const byCommand = new Map<string, LocatedAction>();
  const out: LocatedAction[] = [];
  const frameFor = (step: number, commandId: number, role: 'before' | 'after', runId: string) =>
    frames.find(
      (f) =>
        f.entry.role === role &&
        f.entry.step === step &&
        f.entry.commandId === commandId &&
        (!f.entry.runId || f.entry.runId === runId),
    );
  for (const record of journal) {
    if (record.type === 'run') continue; // opens a run; no action of its own
    const key = `${record.runId}:${record.step}:${record.commandId}`;
    if (record.type === 'intent') {
      const callKey = `${record.runId}:${record.callId}`;
      let located = byCall.get(callKey);
      if (!located) {
        located = {
          runId: record.runId,
          step: record.step,
          record: {
            commandIds: [],
            action: record.action,
            expectation: record.expectation,
            ...(record.look ? { look: record.look as NonNullable<ActionRecord['look']> } : {}),
            before: frameFor(record.step, record.commandId, 'before', record.runId),
          },
        };
        byCall.set(callKey, located);
        out.push(located);
      } else if (located.record.action?.kind === 'type' && record.action.kind === 'type') {
        located.record.action = { ...located.record.action, text: located.record.action.text + record.action.text };
      }
      located.record.commandIds.push(record.commandId);
      byCommand.set(key, located);
    } else {
      const located = byCommand.get(key);
      if (!located) continue;
      if (record.type === 'outcome') located.record.outcome = record.outcome;
      else {
        located.record.verified = { met: record.met, detail: record.detail };
        located.record.after = frameFor(record.step, record.commandId, 'after', record.runId);
      }
    }
  }
  return out;
}

/** The run in one sentence, from the durable record (the live summary is not saved). */
export function summarySentence(input: ReportInput): string {
  const checkpoint = input.checkpoint;
  if (!checkpoint)
    return `No usable result file: ${input.checkpointProblem ?? 'missing'}. What the journal and audit log show is below.`;
  const actions = new Set(
    input.journal.filter((r) => r.type === 'intent').map((r) => (r.type === 'intent' ? `${r.runId}:${r.callId}` : '')),
  ).size;
  const done = checkpoint.state.completed.length;
  const errors = checkpoint.errors.length;
  return `${STATUS_WORDS[checkpoint.status]}: completed ${done} step${done === 1 ? '' : 's'} in ${checkpoint.budgets.stepsUsed} (${actions} physical action${actions === 1 ? '' : 's'})${errors ? `; ${errors} error${errors === 1 ? '' : 's'}` : '; no errors'}.`;
}

export const STATUS_WORDS: Record<Checkpoint['status'], string> = {
  running: 'Still running, or stopped without a final record',
  answered: 'Answered',
  submitted: 'Submitted a result',
  budget_exhausted: 'Stopped: a budget ran out',
  cancelled: 'Cancelled',
  handed_over: 'Handed over to a person',
  halted: 'Halted',
};

/** The findings this run saw: the run ids in the state directory's records. */
export function runIdsOf(input: Pick<ReportInput, 'checkpoint' | 'journal' | 'audit'>): Set<string> {
  const ids = new Set<string>();
  if (input.checkpoint) ids.add(input.checkpoint.runId);
  for (const record of [...input.journal, ...input.audit]) if (record.runId !== 'recovery') ids.add(record.runId);
  return ids;
}

// Carries out a valid command: operator commands go to the loop's port, approve/deny answer the
// pending request, estop and finding call what the app registered. Each returns the reply.
import type { FindingRecord } from '../../core/findings/finding-record.js';
import type { EmergencyStopHandler, FindingStatusHandler, ResumeGate } from './app-handlers.js';
import { errorReply, okReply, type CommandReply } from './command-reply.js';
import type { OperatorCommandMessage } from '../../core/operator/commands.js';
import type { MqttApprovals } from './mqtt-approvals.js';
import type { MqttOperator } from './mqtt-operator.js';
import { isTimeout, withTimeout } from '../../core/time/with-timeout.js';
import { systemClock } from '../clock/system-clock.js';

export interface DispatcherDeps {
  operator: MqttOperator;
  approvals: MqttApprovals;
  emergencyStop(): EmergencyStopHandler | undefined;
  findingStatus(): FindingStatusHandler | undefined;
  /** What the run will say to a resume now; absent: nothing holds it. */
  resumeGate?(): ResumeGate | undefined;
  /** The MCU latched: show it in the state. */
  markEstopped(): void;
  publishFindingChange(record: FindingRecord): void;
  /**
   * A handler that hangs must not hang the bench: incoming packets (PUBACKs included) wait while
   * a command runs, so the reply says "timeout" after this long.
   */
  handlerTimeoutMs: number;
}

/** `by` is the broker user the command came from (its cmd/<user> topic), never a field of the payload. */
export async function dispatchCommand(
  command: OperatorCommandMessage,
  by: string,
  deps: DispatcherDeps,
): Promise<CommandReply> {
  const { requestId } = command;
  switch (command.command) {
    case 'resume':
      return resume(requestId, by, deps);
    case 'pause':
    case 'stop': {
      deps.operator.deliver({ id: requestId, kind: command.command, by });
      const when =
        command.command === 'stop'
          ? 'the run stops at its next safe point (an action in flight finishes)'
          : command.command === 'pause'
            ? 'the run pauses at its next safe point'
            : 'the run resumes, looking at the screen again before it acts';
      return okReply(requestId, `${command.command} delivered: ${when}`);
    }
    case 'redirect':
      deps.operator.deliver({ id: requestId, kind: 'redirect', by, instructions: command.instructions });
      return okReply(requestId, 'redirect delivered: the new instructions apply at the next safe point');
    case 'estop':
      return emergencyStop(requestId, by, deps);
    // Manual control (issue 39): the run takes these at its next safe point, and says its verdict in its events.
    case 'take':
      deps.operator.deliver({ id: requestId, kind: 'take', by });
      return okReply(requestId, 'take delivered: the run pauses at its next safe point and holds still for you');
    case 'hand_back':
      deps.operator.deliver({ id: requestId, kind: 'hand_back', by });
      return okReply(requestId, 'hand_back delivered: the run looks at the screen again before it goes on');
    case 'act':
      deps.operator.deliver({ id: requestId, kind: 'act', by, action: command.action });
      return okReply(requestId, `${command.action.kind} delivered: it goes through the guard, the journal and the MCU`);
    case 'approve':
    case 'deny':
      return answerApproval(command, by, deps);
    case 'finding':
      return changeFinding(command, by, deps);
  }
}

/**
 * The reply says what the bench will do: while the e-stop is latched the run refuses a resume, so
 * the operator hears that (and how it is released), not that the message arrived. The command still
 * goes to the run, which records its own refusal at its next safe point.
 */
async function resume(requestId: string, by: string, deps: DispatcherDeps): Promise<CommandReply> {
  deps.operator.deliver({ id: requestId, kind: 'resume', by });
  const gate = deps.resumeGate?.();
  const held = gate
    ? await gate().catch((error: Error) => `whether the e-stop is latched cannot be read (${error.message})`)
    : undefined;
  if (held)
    return errorReply(requestId, {
      code: 'refused',
      field: 'command',
      message: `the run will not resume: ${held}; it holds still until then, and a resume is needed after the release`,
    });
  return okReply(requestId, 'resume delivered: the run resumes, looking at the screen again before it acts');
}

async function emergencyStop(requestId: string, by: string, deps: DispatcherDeps): Promise<CommandReply> {
  const handler = deps.emergencyStop();
  // The run pauses whatever the MCU said: a person asked for everything to stop.
  deps.operator.deliver({ id: requestId, kind: 'pause', by });
  if (!handler) {
    return errorReply(requestId, {
      code: 'unavailable',
      field: 'command',
      message:
        'this bench has no e-stop wired to MQTT (the app registered no handler); the run was asked to pause; use the physical e-stop',
    });
  }
  try {
    const result = await withTimeout(handler(), deps.handlerTimeoutMs, 'the e-stop handler', systemClock);
    if (result.latched) deps.markEstopped();
    const detail = result.detail ? ` (${result.detail})` : '';
    return result.latched
      ? okReply(
          requestId,
          `e-stop latched on the MCU${detail}; the run pauses. Releasing it is not possible over MQTT: it needs a person at the bench`,
        )
      : errorReply(requestId, {
          code: 'failed',
          field: 'command',
          message: `the MCU did not latch the e-stop${detail}; the run was asked to pause; use the physical e-stop`,
        });
  } catch (error) {
    return errorReply(requestId, {
      code: isTimeout(error) ? 'timeout' : 'failed',
      field: 'command',
      message: `e-stop failed: ${(error as Error).message}; the run was asked to pause; use the physical e-stop`,
    });
  }
}

function answerApproval(
  command: Extract<OperatorCommandMessage, { command: 'approve' | 'deny' }>,
  by: string,
  deps: DispatcherDeps,
): CommandReply {
  const { requestId } = command;
  let approvalId = command.approvalId;
  if (approvalId === undefined) {
    // Only Home Assistant may leave it out (its buttons cannot know the id): it means the one shown in the state.
    if (!command.origin)
      return errorReply(requestId, {
        code: 'invalid',
        field: 'approvalId',
        message: `${command.command} must name the pending request: copy pendingApproval.id from the state topic`,
      });
    const shown = deps.approvals.oldest();
    if (!shown)
      return errorReply(requestId, {
        code: 'not_pending',
        field: 'approvalId',
        message: 'nothing is waiting for approval now',
      });
    approvalId = shown.id;
  }
  const answer =
    command.command === 'approve'
      ? { approved: true as const, by }
      : { approved: false as const, by, reason: command.reason ?? `denied over MQTT by ${by}` };
  const outcome = deps.approvals.answer(approvalId, answer);
  if (!outcome.ok) return errorReply(requestId, { code: 'not_pending', field: 'approvalId', message: outcome.message });
  return okReply(requestId, `${command.command === 'approve' ? 'approved' : 'denied'}: ${outcome.view.summary}`);
}

async function changeFinding(
  command: Extract<OperatorCommandMessage, { command: 'finding' }>,
  by: string,
  deps: DispatcherDeps,
): Promise<CommandReply> {
  const { requestId } = command;
  const handler = deps.findingStatus();
  if (!handler)
    return errorReply(requestId, {
      code: 'unavailable',
      field: 'command',
      message:
        'this bench takes no finding changes over MQTT (the app registered no handler); use `benchhand findings` on the bench',
    });
  try {
    const outcome = await withTimeout(
      handler({
        findingId: command.findingId,
        status: command.status,
        by,
        ...(command.note ? { note: command.note } : {}),
      }),
      deps.handlerTimeoutMs,
      'the finding handler',
      systemClock,
    );
    if (!outcome.ok) return errorReply(requestId, outcome.error);
    if (outcome.record) deps.publishFindingChange(outcome.record);
    return okReply(requestId, outcome.result);
  } catch (error) {
    return errorReply(requestId, {
      code: isTimeout(error) ? 'timeout' : 'failed',
      field: 'findingId',
      message: `the finding was not changed: ${(error as Error).message}`,
    });
  }
}

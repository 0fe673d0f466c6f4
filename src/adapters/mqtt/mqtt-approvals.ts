// Approval requests answered by an operator over MQTT. The request is shown in the retained state
// (pendingApproval) until an approve or deny names its id, the optional timeout passes (denied,
// with the reason), or the loop gives up (its signal). Several may be pending; the state shows the
// oldest, and Home Assistant's buttons (which cannot name an id) answer that one.
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../core/ports/approval.js';
import type { AnsweredApproval, PendingApprovalView } from '../../core/operator/bench-state.js';

interface Pending {
  view: PendingApprovalView;
  answer(answer: ApprovalAnswer): void;
}

/** Answers remembered for "already answered by ..." (in memory, like the request ids). */
const ANSWERS_KEPT = 100;

export type AnswerOutcome = { ok: true; view: PendingApprovalView } | { ok: false; message: string };

export interface MqttApprovalsOptions {
  /** Shows the pending request (or null) in the retained state. */
  show(pending: PendingApprovalView | null): void;
  /** ISO time now. */
  wallClock(): string;
  /** No answer within this many milliseconds is a refusal; none waits for ever. */
  timeoutMs?: number;
  /** Told how each request ended (before the next pending one is shown): the state's lastApprovalAnswer. */
  answered?(answer: AnsweredApproval): void;
}

export class MqttApprovals implements ApprovalPort {
  private readonly pending = new Map<string, Pending>();
  private readonly answers = new Map<string, AnsweredApproval>();

  constructor(private readonly options: MqttApprovalsOptions) {}

  ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer> {
    return new Promise<ApprovalAnswer>((resolve) => {
      const view: PendingApprovalView = {
        id: request.id,
        tool: request.tool,
        summary: request.summary,
        rule: request.rule,
        since: this.options.wallClock(),
        ...(request.context ? { context: request.context } : {}),
        ...(request.picture ? { picture: request.picture } : {}),
      };
      let timer: NodeJS.Timeout | undefined;
      const finish = (answer: ApprovalAnswer) => {
        if (!this.pending.has(request.id)) return;
        this.pending.delete(request.id);
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.remember({
          id: request.id,
          tool: request.tool,
          summary: request.summary,
          approved: answer.approved,
          by: answer.by,
          at: this.options.wallClock(),
          ...(!answer.approved ? { reason: answer.reason } : {}),
        });
        this.showOldest();
        resolve(answer);
      };
      const onAbort = () =>
        finish({ approved: false, by: 'benchhand', reason: 'the request was cancelled before anyone answered' });
      if (signal?.aborted)
        return resolve({ approved: false, by: 'benchhand', reason: 'the request was cancelled before it was asked' });
      this.pending.set(request.id, { view, answer: finish });
      signal?.addEventListener('abort', onAbort, { once: true });
      if (this.options.timeoutMs !== undefined) {
        const ms = this.options.timeoutMs;
        const within = ms < 10_000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
        timer = setTimeout(
          () => finish({ approved: false, by: 'benchhand', reason: `no operator answered within ${within}` }),
          ms,
        );
      }
      this.showOldest();
    });
  }

  /** The oldest pending request, which the state shows. */
  oldest(): PendingApprovalView | null {
    return this.pending.values().next().value?.view ?? null;
  }

  /** Answers the request with this id, or says why not (unknown id, nothing pending). */
  answer(approvalId: string, answer: ApprovalAnswer): AnswerOutcome {
    const pending = this.pending.get(approvalId);
    if (!pending) {
      // Several people may watch: the first answer wins, and the others are told whose it was.
      const earlier = this.answers.get(approvalId);
      if (earlier)
        return {
          ok: false,
          message: `approval ${approvalId} was already answered: ${earlier.approved ? 'approved' : 'denied'} by ${earlier.by} at ${earlier.at} (the first answer counts)`,
        };
      const waiting = [...this.pending.keys()];
      const message =
        waiting.length === 0
          ? `approval ${approvalId} is not pending: nothing is waiting for approval now (it may have been answered or timed out)`
          : `approval ${approvalId} is not pending; pending now: ${waiting.join(', ')} (read pendingApproval in the state topic)`;
      return { ok: false, message };
    }
    pending.answer(answer);
    return { ok: true, view: pending.view };
  }

  private remember(answer: AnsweredApproval): void {
    this.answers.set(answer.id, answer);
    if (this.answers.size > ANSWERS_KEPT) this.answers.delete(this.answers.keys().next().value!);
    this.options.answered?.(answer);
  }

  /** Refuses everything still pending (the link is closing: no one could answer any more). */
  cancelAll(reason: string): void {
    for (const pending of [...this.pending.values()]) pending.answer({ approved: false, by: 'benchhand', reason });
  }

  private showOldest(): void {
    this.options.show(this.oldest());
  }
}

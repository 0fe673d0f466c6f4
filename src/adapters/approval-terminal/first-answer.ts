// Asks everyone who may answer (the terminal, MQTT operators) at once; the first answer decides
// and the other questions are withdrawn.
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../core/ports/approval.js';

export class FirstAnswerApprovals implements ApprovalPort {
  constructor(private readonly askers: ApprovalPort[]) {}

  async ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer> {
    const withdraw = new AbortController();
    const onAbort = () => withdraw.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await Promise.race(this.askers.map((asker) => asker.ask(request, withdraw.signal)));
    } finally {
      withdraw.abort('answered elsewhere');
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

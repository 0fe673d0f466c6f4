// Asks the person at the terminal. No terminal (a service, CI) means no one can say yes: the
// request is refused, and the refusal says why.
import { createInterface } from 'node:readline/promises';
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../core/ports/approval.js';

export class TerminalApprovals implements ApprovalPort {
  constructor(
    private readonly input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stderr,
  ) {}

  async ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer> {
    if (!this.input.isTTY)
      return {
        approved: false,
        by: 'terminal',
        reason: 'no terminal to ask on; approve over MQTT or run interactively',
      };
    const lines = createInterface({ input: this.input, output: this.output });
    try {
      const answer = await lines.question(`\nApproval needed (${request.rule}): ${request.summary}\nAllow it? [y/N] `, {
        signal,
      });
      return /^y(es)?$/i.test(answer.trim())
        ? { approved: true, by: 'terminal' }
        : { approved: false, by: 'terminal', reason: 'the operator said no' };
    } catch {
      return { approved: false, by: 'terminal', reason: 'the question was cancelled' };
    } finally {
      lines.close();
    }
  }
}

/** Answers every request the same way: for unattended runs and tests. */
export class FixedApprovals implements ApprovalPort {
  readonly asked: ApprovalRequest[] = [];
  constructor(
    private readonly approve: boolean,
    private readonly by = 'policy',
  ) {}

  async ask(request: ApprovalRequest): Promise<ApprovalAnswer> {
    this.asked.push(request);
    return this.approve
      ? { approved: true, by: this.by }
      : { approved: false, by: this.by, reason: 'refused by the fixed policy' };
  }
}

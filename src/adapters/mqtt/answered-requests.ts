// Request ids already handled, with their answers: a command the broker delivers again (QoS 1
// after a lost PUBACK, or an operator pressing "send" twice) is answered with the first answer
// and not run twice. A repeat that arrives while the first is still running waits for it.
// Bounded: the oldest ids are forgotten first; a redelivery comes within seconds, not days.

export class AnsweredRequests<Answer> {
  private readonly answers = new Map<string, Promise<Answer>>();

  constructor(private readonly capacity = 1000) {}

  /** The first answer for this id, or undefined when the id is new. */
  previous(requestId: string): Promise<Answer> | undefined {
    return this.answers.get(requestId);
  }

  /** Remembers the (possibly still running) answer for this id. */
  remember(requestId: string, answer: Promise<Answer>): void {
    this.answers.set(requestId, answer);
    while (this.answers.size > this.capacity) {
      const oldest = this.answers.keys().next().value as string;
      this.answers.delete(oldest);
    }
  }

  get size(): number {
    return this.answers.size;
  }
}

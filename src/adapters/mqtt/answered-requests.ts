// Request ids already handled, with what was asked and the answer: a command the broker delivers
// again (QoS 1 after a lost PUBACK, or an operator pressing "send" twice) is answered with the
// first answer and not run twice. A repeat that arrives while the first is still running waits
// for it. The same id with a different command (or from someone else) is not a repeat: it must
// not get the old answer, or "approve X" could be told "done" for a "pause" that ran earlier.
// Bounded: the oldest ids are forgotten first; a redelivery comes within seconds, not days.

export interface AnsweredRequest<Answer> {
  /** What was asked, in a form two equal requests share (see requestFingerprint). */
  fingerprint: string;
  answer: Promise<Answer>;
}

export class AnsweredRequests<Answer> {
  private readonly answers = new Map<string, AnsweredRequest<Answer>>();

  constructor(private readonly capacity = 1000) {}

  /** What was asked under this id, and the first answer, or undefined when the id is new. */
  previous(requestId: string): AnsweredRequest<Answer> | undefined {
    return this.answers.get(requestId);
  }

  /** Remembers the (possibly still running) answer for this id. */
  remember(requestId: string, fingerprint: string, answer: Promise<Answer>): void {
    this.answers.set(requestId, { fingerprint, answer });
    while (this.answers.size > this.capacity) {
      const oldest = this.answers.keys().next().value as string;
      this.answers.delete(oldest);
    }
  }

  get size(): number {
    return this.answers.size;
  }
}

/** The sender and the payload with its keys sorted: the same request in any key order is the same. */
export function requestFingerprint(sender: string, payload: unknown): string {
  return JSON.stringify([sender, sortedKeys(payload)]);
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

// What to do when the provider says the prompt did not fit (an overflow error, or Ollama's
// silent truncation): the first time, compact the history harder and retry; again in a row,
// start a fresh session from the durable record; and if even a fresh session overflows twice,
// stop and surface it (issue 6: repeated overflow is an operator's problem, not a loop's).
// Pure state; the context manager carries out the steps.

export type OverflowStep =
  | { kind: 'compact' }
  | { kind: 'switch_session' }
  /** A fresh session overflowed once: rebuild it with a smaller seed. */
  | { kind: 'reseed' }
  | { kind: 'halt'; overflowsAfterSwitch: number };

export class OverflowPolicy {
  /** Provider overflows since the last answer that fitted. */
  private inARow = 0;
  /** Provider overflows since the last session switch, while that session has had no answer. */
  private afterSwitch = 0;
  private freshSession = false;

  onProviderOverflow(): OverflowStep {
    if (this.freshSession) {
      this.afterSwitch++;
      return this.afterSwitch >= 2 ? { kind: 'halt', overflowsAfterSwitch: this.afterSwitch } : { kind: 'reseed' };
    }
    this.inARow++;
    return this.inARow === 1 ? { kind: 'compact' } : { kind: 'switch_session' };
  }

  onSessionSwitch(): void {
    this.freshSession = true;
    this.afterSwitch = 0;
    this.inARow = 0;
  }

  /** An answer that fitted: the session works, and the counts start over. */
  onAnswer(): void {
    this.freshSession = false;
    this.afterSwitch = 0;
    this.inARow = 0;
  }

  get inFreshSession(): boolean {
    return this.freshSession;
  }
}

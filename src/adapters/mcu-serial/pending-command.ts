// One ledgered command in flight: its frame (retransmitted byte for byte), its phase, and the
// timer that decides when to ask again. A retransmission is always safe because the MCU's
// ledger answers a known id from its record instead of moving twice.
import type { ActionOutcome } from '../../core/ports/mcu.js';
import type { ClockTimer } from '../../core/time/clock-timer.js';

export type CommandPhase = 'sent' | 'received' | 'orphaned';

export interface PendingCommand {
  id: number;
  verb: string;
  line: string;
  phase: CommandPhase;
  /** Sends since the MCU last said anything about this id. */
  unanswered: number;
  /** How long the action itself may take once received, before we ask again. */
  expectedMs: number;
  timer?: ClockTimer;
  onProgress?: (sent: number, total: number) => void;
  finish(outcome: ActionOutcome): void;
}

/** A generous bound on how long an action runs on the MCU, so we only re-ask when it is overdue. */
export function expectedDurationMs(verb: string, args: ReadonlyArray<readonly [string, string]>): number {
  const hold = Number(args.find(([k]) => k === 'hold')?.[1] ?? 0);
  switch (verb) {
    case 'TAP':
      return 3000 + hold;
    case 'KEY':
      return 500 + hold;
    case 'TYPE':
      return 500 + 40 * (args[0]?.[1].length ?? 0);
    case 'HOME':
      return 30000;
    // A gantry moves at its steppers' speed, not ms: the same generous margin as a tap's travel.
    case 'SWIPE':
    case 'LONGPRESS':
      return 3000 + hold + Number(args.find(([k]) => k === 'ms')?.[1] ?? 0);
    default:
      return 1000;
  }
}

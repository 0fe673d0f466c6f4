// What each state looks like on the status LED. Chosen to be told apart from across the room
// without a legend: steady = working, slow blink = waiting for someone, fast blink = stopped hard.
import type { LedPattern } from './bench-gpio.js';

export interface LedStep {
  lit: boolean;
  /** How long this step lasts; a pattern of one step is steady and never times out. */
  ms: number;
}

export const LED_PATTERNS: Readonly<Record<LedPattern, readonly LedStep[]>> = {
  off: [{ lit: false, ms: 0 }],
  /** A short heartbeat every 2 s: alive, nothing running. */
  idle: [
    { lit: true, ms: 100 },
    { lit: false, ms: 1900 },
  ],
  running: [{ lit: true, ms: 0 }],
  /** Slow blink: paused, or waiting for an approval. */
  paused: [
    { lit: true, ms: 500 },
    { lit: false, ms: 500 },
  ],
  /** Fast blink: e-stopped; needs a person at the bench. */
  'e-stopped': [
    { lit: true, ms: 100 },
    { lit: false, ms: 100 },
  ],
  /** Double blink: the run failed or a device problem needs attention. */
  error: [
    { lit: true, ms: 150 },
    { lit: false, ms: 150 },
    { lit: true, ms: 150 },
    { lit: false, ms: 1050 },
  ],
};

// What one flow's run came to, for the suite's line, its JUnit testcase, its HTML page and the
// fleet (issue 16): plain data, JSON-safe.
import type { Termination } from '../../core/agent/types.js';

export type FlowStatus = 'passed' | 'failed' | 'error' | 'skipped';

export interface FlowResult {
  /** The flow file as given. */
  file: string;
  name: string;
  tags: string[];
  /** passed: it submitted or answered; failed: it halted, ran out of budget, was handed over or cancelled; error: it could not run (a bad file, no bench). */
  status: FlowStatus;
  /** How the run ended, when it ran. */
  termination?: Termination;
  /** The failure in a sentence, and the step that failed (e.g. "3/flow.2 (tap_text {"text":"Pay"})"). */
  failure?: { message: string; step?: string; kind: string };
  /** The run's own one-line account. */
  sentence?: string;
  startedAt: string;
  durationMs: number;
  stateDir: string;
  /** STATE_DIR/report.html, when it was written. */
  reportPath?: string;
  screenshots: string[];
  /** A Maestro flow (its JUnit testcase takes Maestro's shape). */
  format?: 'maestro';
  /** What the run noted beside its steps: skipped commands (--skip-unsupported), optional ones that failed. */
  notes?: string[];
  /** STATE_DIR/video.mp4: the run's pictures, upright, with its actions drawn (app/video/run-video.ts). */
  videoPath?: string;
}

/** The failing step, from a halt reason the script interpreter wrote ("script step 3/flow.2 (tap_text ...) failed: ..."). */
export function failedStepOf(reason: string): string | undefined {
  const match = /^script step (\S+) \((.*?)\)(?: failed| was not| ran| could not|:)/.exec(reason);
  return match ? `${match[1]} (${match[2]})` : undefined;
}

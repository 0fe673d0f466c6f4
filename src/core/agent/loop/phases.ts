// The loop's phases in their order, with what each does and where: the one list the loop's code
// enters (enterPhase takes only these names) and docs/ARCHITECTURE.md's step table is rendered
// from (a test keeps the two equal). A new phase is added here, or the code does not compile. Pure.
import type { RunPhase } from '../../state/checkpoint.js';

export interface StepPhase {
  /** The result file's `phase` while the step is in it; `start` is between steps (budgets, operators). */
  phase: RunPhase | 'start';
  what: string;
  files: string;
}

export const STEP_PHASES = [
  {
    phase: 'start',
    what: 'The loop starts a step: budgets, then operator commands (pause, stop, redirect)',
    files: '`src/core/agent/loop/run-agent.ts`, `guard-phase.ts`, `operator-phase.ts`',
  },
  {
    phase: 'observe',
    what: 'Observe: ask for a frame newer than the last action (what a look passes through: the table below)',
    files: '`src/core/agent/loop/observe-phase.ts` -> `ObserverPort` (`src/core/ports/observer.ts`)',
  },
  {
    phase: 'interpret',
    what: 'Interpret: the script, a Maestro flow or the LLM picks tool calls',
    files:
      '`src/core/agent/interpreters/script/`, `src/core/maestro/` (JavaScript over `src/adapters/js-sandbox/`), `interpreters/llm/` (LLM over `src/adapters/llm/`)',
  },
  {
    phase: 'guard',
    what: "Guard: arguments, forbidden zones, approvals, repeat and failure limits; the tool's time limit runs on the loop's clock",
    files: '`src/core/agent/loop/call-tool.ts`, `src/core/agent/guard/*.ts`',
  },
  {
    phase: 'journal',
    what: "Journal the intent (fsync'd, secrets masked) and name it in the result file before anything moves",
    files:
      '`src/core/agent/loop/act-phase.ts` -> `step-record.ts` -> `RunStore` -> `src/adapters/store/file-run-store.ts`, `append-log.ts`',
  },
  {
    phase: 'act',
    what: 'Act: the MCU command, with a ledgered command id so a retry never acts twice; then its outcome is journaled',
    files: '`src/adapters/mcu-serial/link.ts`, `command-ids.ts`; firmware in `firmware/`',
  },
  {
    phase: 'verify',
    what: "Verify: look again until the expectation shows (or time runs out); every look of the window is judged, so a toast that came and went is the action's effect and a retry needs the screen proven unchanged; the verification is journaled",
    files:
      "`src/core/agent/loop/verify-phase.ts`, `src/core/agent/verify/verify-window.ts`; the script's retry rule in `interpreters/script/retry-safety.ts`",
  },
  {
    phase: 'checkpoint',
    what: 'Checkpoint: `result.json` written atomically, with the previous copy kept; each call leaves its audit line before',
    files: '`src/core/agent/loop/step-record.ts`, `checkpoint-phase.ts` -> `src/adapters/store/result-file.ts`',
  },
] as const satisfies readonly StepPhase[];

/** A phase the loop enters (and a crash test can stop in). */
export type LoopPhase = Exclude<(typeof STEP_PHASES)[number]['phase'], 'start'>;

/** The step table of docs/ARCHITECTURE.md, as markdown. */
export function stepPhaseTable(): string {
  const rows = STEP_PHASES.map((p, i) => `| ${i + 1} | ${p.phase} | ${p.what} | ${p.files} |`);
  return ['| # | Phase | What happens | File |', '|---|---|---|---|', ...rows].join('\n');
}

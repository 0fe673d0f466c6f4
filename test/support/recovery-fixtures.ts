// Checkpoints, journal records and observations for recovery tests: a saved Wi-Fi run at step 3
// with one verified tap, and screens made of text lines.
import type { Observation } from '../../src/core/ports/observer.js';
import type { JournalRecord } from '../../src/core/ports/run-store.js';
import { CHECKPOINT_SCHEMA_VERSION, type Checkpoint } from '../../src/core/state/checkpoint.js';
import { screenModel, type OcrLine } from '../../src/core/vision/screen-model.js';

export const NOW = Date.parse('2025-06-01T12:00:00.000Z');
export const GOAL = 'Connect the phone to the Wi-Fi network "HomeNet-5G".';
export const CHAIN = 'c0ffee00-0000-4000-8000-00000000c4a1';
export const RUN = 'r0ffee00-0000-4000-8000-0000000000r1';
export const minutesAgo = (minutes: number): string => new Date(NOW - minutes * 60000).toISOString();

export function checkpoint(changes: Partial<Checkpoint> = {}, state: Partial<Checkpoint['state']> = {}): Checkpoint {
  return {
    schemaVersion: CHECKPOINT_SCHEMA_VERSION,
    continuationId: CHAIN,
    runId: RUN,
    savedAt: minutesAgo(2),
    state: {
      goal: GOAL,
      task: 'settings-wifi.task.yaml',
      interpreter: 'script',
      phase: 'checkpoint',
      step: 3,
      completed: [{ step: 1, tool: 'tap_text', summary: 'tap on "Network & internet"', commandId: 7 }],
      pending: [],
      current: null,
      lastCommandId: 7,
      cursor: { path: [{ index: 3 }], attempts: 0 },
      ...state,
    },
    errors: [],
    outputTail: ['tap_text -> ok'],
    lastVerifiedScreen: { at: minutesAgo(2), step: 1, text: 'Internet\nWi-Fi' },
    budgets: { stepsUsed: 3, maxSteps: 40, elapsedMs: 3000, deadlineMs: 600000 },
    status: 'running',
    ...changes,
  };
}

export const runLine = (runId = RUN, continuationId = CHAIN): JournalRecord => ({
  type: 'run',
  at: minutesAgo(5),
  runId,
  continuationId,
  step: 0,
});

export function intent(
  commandId: number,
  changes: Partial<Extract<JournalRecord, { type: 'intent' }>> = {},
): JournalRecord {
  return {
    type: 'intent',
    at: minutesAgo(3),
    runId: RUN,
    step: 1,
    commandId,
    tool: 'tap_text',
    callId: `call-${commandId}`,
    action: { kind: 'tap', device: { x: 540, y: 600 }, actuator: { x: 540, y: 600 } },
    expectation: { kind: 'text_appears', text: 'Wi-Fi' },
    screenBefore: 'Settings\nNetwork & internet',
    ...changes,
  } as JournalRecord;
}

export const outcome = (commandId: number, step = 1): JournalRecord => ({
  type: 'outcome',
  at: minutesAgo(3),
  runId: RUN,
  step,
  commandId,
  outcome: { kind: 'done', id: commandId },
});
export const verified = (commandId: number, met = true, step = 1): JournalRecord => ({
  type: 'verified',
  at: minutesAgo(3),
  runId: RUN,
  step,
  commandId,
  met,
  detail: met ? 'it showed' : 'it did not show',
});

/** The journal of the checkpoint above: the run line and step 1's tap, verified. */
export const settledJournal = (): JournalRecord[] => [runLine(), intent(7), outcome(7), verified(7)];

export function line(text: string, y: number): OcrLine {
  let x = 40;
  const words = text.split(' ').map((word) => {
    const box = { x, y, width: word.length * 30, height: 40 };
    x += box.width + 20;
    return { text: word, box, confidence: 0.9 };
  });
  return { text, confidence: 0.9, words, box: { x: 40, y, width: x - 60, height: 40 } };
}

export function seeing(...texts: string[]): Observation {
  return {
    at: 0,
    screen: screenModel(
      { width: 1080, height: 2400 },
      texts.map((t, i) => line(t, 100 + i * 120)),
    ),
    quality: { ok: true },
  };
}

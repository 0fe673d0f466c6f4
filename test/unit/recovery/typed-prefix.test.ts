// Issue 27 item 5, a kill -9 while TYPE is in flight: the journal has the TYPE intent and no
// outcome; the field may hold a prefix of the text. Recovery types only the rest when the fresh
// screen shows a prefix (the script resumes with the count, as after an e-stop), goes on when the
// whole text shows, types it all again when nothing was typed, and stops when the field holds
// anything else (never appending to a wrong text). Before, a prefix on screen was "screen_mismatch":
// the run stopped and did not finish.
import { describe, expect, it } from 'vitest';
import { decideRecovery, type RecoveryEvidence } from '../../../src/core/recovery/decide.js';
import { lastUnsettledAction } from '../../../src/core/recovery/unsettled-action.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import type { JournalRecord } from '../../../src/core/ports/run-store.js';
import { checkpoint, GOAL, intent, runLine, seeing } from '../../support/recovery-fixtures.js';

const TEXT = 'correct horse battery';
const BEFORE = ['Sign in', 'Username'];
const typing = (): JournalRecord =>
  intent(9, {
    tool: 'type_text',
    action: { kind: 'type', text: TEXT },
    expectation: { kind: 'text_appears', text: TEXT, where: { ending: true } },
    screenBefore: BEFORE.join('\n'),
  });
const evidence = (...screen: string[]): RecoveryEvidence => ({
  checkpoint: checkpoint(),
  unsettled: lastUnsettledAction([runLine(), typing()]),
  tornJournal: false,
  goal: GOAL,
  ageMs: 120000,
  maxAgeMs: 24 * 3600000,
  observation: seeing(...screen),
});

describe('a TYPE cut off by a crash', () => {
  it.each([
    ['c', 1],
    ['corre', 5],
    ['correct ho|', 10],
    ['correct horse batter', 20],
  ])('the field shows "%s": only the rest is typed (already typed %i)', (shown, count) => {
    const decision = decideRecovery(evidence(...BEFORE, shown));
    expect(decision, JSON.stringify(decision)).toMatchObject({ kind: 'verify_then_retry', alreadyTyped: count });
  });

  it('the whole text shows: it happened, the run goes on after it', () => {
    expect(decideRecovery(evidence(...BEFORE, TEXT))).toMatchObject({ kind: 'continue', inFlightHappened: true });
  });

  it('nothing typed: the whole text is typed again', () => {
    const decision = decideRecovery(evidence(...BEFORE));
    expect(decision).toMatchObject({ kind: 'verify_then_retry' });
    expect(decision).not.toHaveProperty('alreadyTyped');
  });

  it.each(['corrupt', 'horse battery x', 'xcorrect'])('the field holds "%s", no prefix of the text: stop', (shown) => {
    expect(decideRecovery(evidence(...BEFORE, shown))).toMatchObject({ kind: 'stop', code: 'screen_mismatch' });
  });

  it('the resumed script types only the rest', async () => {
    const task = {
      goal: GOAL,
      inputs: { password: TEXT },
      secrets: [],
      interrupts: [],
      steps: [{ type: '{password}' }],
    } as unknown as ConstructorParameters<typeof ScriptInterpreter>[0];
    const script = ScriptInterpreter.resume(task, { path: [{ index: 0 }], attempts: 0, estopTyped: 10 }, 0);
    const decision = await script.next({ results: [], observation: seeing(...BEFORE, 'correct ho') } as never);
    expect(JSON.stringify(decision), JSON.stringify(decision)).toMatch(/already_typed.{0,4}10/);
  });
});

describe('a prefix that could be either of two counts', () => {
  it('"correct" may be 7 typed or 8 (a space the field does not show): nothing is guessed, the run stops', () => {
    expect(decideRecovery(evidence(...BEFORE, 'correct'))).toMatchObject({ kind: 'stop', code: 'screen_mismatch' });
  });
});

// Every branch of the recovery decision, each pinned to its code: the stops (foreign, stale,
// finished, repeated overflow, unreadable screen, unverifiable, screen mismatch, an age that is
// not a number), the actions safe to repeat, and the two ways to go on.
import { describe, expect, it } from 'vitest';
import { decideRecovery, type RecoveryEvidence } from '../../../src/core/recovery/decide.js';
import { lastUnsettledAction } from '../../../src/core/recovery/unsettled-action.js';
import type { JournalRecord } from '../../../src/core/ports/run-store.js';
import { checkpoint, GOAL, intent, outcome, runLine, seeing } from '../../support/recovery-fixtures.js';

const BEFORE = ['Settings', 'Network & internet'];
const evidence = (
  changes: Partial<RecoveryEvidence> = {},
  records: JournalRecord[] = [runLine()],
): RecoveryEvidence => ({
  checkpoint: checkpoint(),
  unsettled: lastUnsettledAction(records),
  tornJournal: false,
  goal: GOAL,
  ageMs: 120000,
  maxAgeMs: 24 * 3600000,
  observation: seeing('Internet', 'Wi-Fi'),
  ...changes,
});
const focusTap = (id: number) =>
  intent(id, { expectation: { kind: 'none' }, repeatable: true, screenBefore: BEFORE.join('\n') });

describe('recovery stops, each for its own reason', () => {
  it("another task's record: foreign", () => {
    expect(decideRecovery(evidence({ goal: 'Something else.' }))).toMatchObject({ kind: 'stop', code: 'foreign' });
  });
  it('too old: stale', () => {
    expect(decideRecovery(evidence({ ageMs: 25 * 3600000 }))).toMatchObject({ kind: 'stop', code: 'stale' });
  });
  it('an age that is not a number (savedAt not a date) is not "fresh": corrupt', () => {
    expect(decideRecovery(evidence({ ageMs: Number.NaN }))).toMatchObject({ kind: 'stop', code: 'corrupt' });
  });
  it.each(['submitted', 'answered', 'handed_over'] as const)('a run that ended (%s): finished', (status) => {
    expect(decideRecovery(evidence({ checkpoint: checkpoint({ status }) }))).toMatchObject({
      kind: 'stop',
      code: 'finished',
    });
  });
  it('a run halted by repeated context overflow: repeated_overflow', () => {
    const halted = checkpoint({
      status: 'halted',
      errors: [
        { at: new Date(0).toISOString(), code: 'context_overflow_repeated', message: 'overflowed again', step: 3 },
      ],
    });
    expect(decideRecovery(evidence({ checkpoint: halted }))).toMatchObject({ kind: 'stop', code: 'repeated_overflow' });
  });
  it('a picture not fit to judge by: unreadable_screen', () => {
    const dark = {
      ...seeing('Internet'),
      quality: {
        ok: false as const,
        problems: [{ kind: 'too_dark' as const, value: 10, limit: 60, message: 'too dark' }],
      },
    };
    expect(decideRecovery(evidence({ observation: dark }))).toMatchObject({ kind: 'stop', code: 'unreadable_screen' });
  });
  it('an action in doubt whose effect cannot be seen (typing a secret): unverifiable', () => {
    const typing = intent(9, {
      tool: 'type_text',
      action: { kind: 'type', text: '•••', secret: true },
      expectation: { kind: 'none' },
    });
    expect(decideRecovery(evidence({}, [runLine(), typing]))).toMatchObject({ kind: 'stop', code: 'unverifiable' });
  });
  it('a screen that is neither before nor after the action: screen_mismatch', () => {
    const tap = intent(9, { screenBefore: BEFORE.join('\n') });
    expect(
      decideRecovery(evidence({ observation: seeing('Battery', 'Storage', 'Display') }, [runLine(), tap])),
    ).toMatchObject({ kind: 'stop', code: 'screen_mismatch' });
  });
});

describe('recovery goes on', () => {
  it('nothing in doubt: continue, noticing whether the screen changed', () => {
    expect(decideRecovery(evidence())).toMatchObject({ kind: 'continue', screenChanged: false });
    expect(decideRecovery(evidence({ observation: seeing('Battery', 'Storage') }))).toMatchObject({
      kind: 'continue',
      screenChanged: true,
    });
  });
  it('an action in doubt whose effect shows: continue after it', () => {
    expect(decideRecovery(evidence({}, [runLine(), intent(9)]))).toMatchObject({
      kind: 'continue',
      inFlightHappened: true,
    });
  });
  it('an action in doubt that did not happen: verify_then_retry', () => {
    expect(
      decideRecovery(
        evidence({ observation: seeing(...BEFORE) }, [runLine(), intent(9, { screenBefore: BEFORE.join('\n') })]),
      ),
    ).toMatchObject({ kind: 'verify_then_retry', commandId: 9 });
  });
});

describe('an action safe to repeat (a focus tap) is never "unverifiable"', () => {
  it('killed during the tap (sent, no answer): done again', () => {
    const decision = decideRecovery(evidence({ observation: seeing('Password', 'Connect') }, [runLine(), focusTap(9)]));
    expect(decision).toMatchObject({ kind: 'verify_then_retry', commandId: 9 });
    expect(decision.reasons.join(' ')).toMatch(/safe to repeat/);
  });
  it('killed just after it (the MCU said done, not yet verified): continue after it', () => {
    expect(decideRecovery(evidence({}, [runLine(), focusTap(9), outcome(9)]))).toMatchObject({
      kind: 'continue',
      inFlightHappened: true,
    });
  });
  it('the same tap without the flag still stops (old journals, and anything not declared)', () => {
    const undeclared = intent(9, { expectation: { kind: 'none' } });
    expect(decideRecovery(evidence({}, [runLine(), undeclared]))).toMatchObject({ kind: 'stop', code: 'unverifiable' });
  });
});

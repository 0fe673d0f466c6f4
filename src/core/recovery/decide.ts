// The recovery decision, by rule, from the durable evidence (result file, journal) and a fresh
// look at the device: continue; verify then retry (an action whose outcome is unknown but
// checkable on screen, and which did not happen); or stop and surface to the operator. Every
// decision carries its reasons. Uncertain is an answer: it stops. Pure.
import type { Checkpoint } from '../state/checkpoint.js';
import type { Observation } from '../ports/observer.js';
import { findElements } from '../vision/match-elements.js';
import { sameScreen } from './same-screen.js';
import { REPEATED_OVERFLOW_CODE } from '../agent/error-codes.js';
import type { UnsettledAction } from './unsettled-action.js';
import { newTexts, typedPrefixLength } from './typed-prefix.js';

export type StopCode =
  | 'missing'
  | 'corrupt'
  | 'foreign'
  | 'stale'
  | 'finished'
  | 'unverifiable'
  | 'screen_mismatch'
  | 'repeated_overflow'
  | 'unreadable_screen';

export type RecoveryDecision =
  /** inFlightHappened: the action that was in doubt turned out done (undefined: none was in doubt). */
  | { kind: 'continue'; reasons: string[]; screenChanged: boolean; inFlightHappened?: boolean }
  /** alreadyTyped: a TYPE cut off part-way left this many of its characters in the field (typed-prefix.ts): only the rest is typed. */
  | { kind: 'verify_then_retry'; reasons: string[]; commandId: number; alreadyTyped?: number }
  | { kind: 'stop'; code: StopCode; reasons: string[] };

export interface RecoveryEvidence {
  checkpoint: Checkpoint;
  unsettled?: UnsettledAction;
  tornJournal: boolean;
  goal: string;
  /** Milliseconds since the result file was saved. */
  ageMs: number;
  maxAgeMs: number;
  observation: Observation;
}

const FINISHED = new Set(['submitted', 'answered', 'handed_over']);

/**
 * The stops the record alone decides (another task's, too old, already ended, overflowed again):
 * `benchhand resume` makes them before the camera and the reader are started. Undefined: the
 * device must be looked at.
 */
export function decideFromRecord(evidence: Omit<RecoveryEvidence, 'observation'>): RecoveryDecision | undefined {
  const { checkpoint } = evidence;
  const reasons = recordReasons(checkpoint);
  if (checkpoint.state.goal !== evidence.goal)
    return stop(
      'foreign',
      reasons,
      `the saved run's goal is "${checkpoint.state.goal}", not this task's "${evidence.goal}": this state directory belongs to another task`,
    );
  if (!Number.isFinite(evidence.ageMs))
    return stop('corrupt', reasons, "the result file's savedAt is not a time, so its age cannot be judged");
  if (evidence.ageMs > evidence.maxAgeMs)
    return stop(
      'stale',
      reasons,
      `the result file is ${Math.round(evidence.ageMs / 60000)} min old (limit ${Math.round(evidence.maxAgeMs / 60000)} min): the device has surely moved on; start a new run`,
    );
  if (FINISHED.has(checkpoint.status))
    return stop('finished', reasons, `the run already ended (${checkpoint.status}): nothing to resume`);
  if (checkpoint.errors.some((e) => e.code === REPEATED_OVERFLOW_CODE))
    return stop('repeated_overflow', reasons, 'the model overflowed its context again right after a session switch');
  return undefined;
}

const recordReasons = (checkpoint: Checkpoint): string[] => [
  `continuation ${checkpoint.continuationId}, saved at step ${checkpoint.state.step} in phase ${checkpoint.state.phase} (${checkpoint.status})`,
  `${checkpoint.state.completed.length} step(s) completed, ${checkpoint.errors.length} error(s) saved, output tail of ${checkpoint.outputTail.length} line(s)`,
];

export function decideRecovery(evidence: RecoveryEvidence): RecoveryDecision {
  return decideFromRecord(evidence) ?? decideFromScreen(evidence);
}

/** The decision once the record alone stops nothing: by the fresh picture and the unsettled action. */
export function decideFromScreen(evidence: RecoveryEvidence): RecoveryDecision {
  const { checkpoint, unsettled, observation } = evidence;
  const reasons = recordReasons(checkpoint);
  if (!observation.quality.ok)
    return stop(
      'unreadable_screen',
      reasons,
      `the fresh picture is not fit to judge by: ${observation.quality.problems.map((p) => p.message).join('; ')}`,
    );
  if (evidence.tornJournal)
    reasons.push(
      "the journal's last line was torn by the crash (a record being written); the records before it are intact",
    );
  if (unsettled) return decideUnsettled(unsettled, observation, reasons);
  const before = checkpoint.lastVerifiedScreen;
  const screenChanged = before ? !sameScreen(before, observation).same : false;
  reasons.push('no physical action is in doubt (every intent in the journal has a verified outcome)');
  reasons.push(
    screenChanged
      ? 'the screen changed while the agent was down: the interpreter re-plans from what is there now'
      : 'the screen is as it was last verified',
  );
  return { kind: 'continue', reasons, screenChanged };
}

function decideUnsettled(unsettled: UnsettledAction, observation: Observation, reasons: string[]): RecoveryDecision {
  const { intent } = unsettled;
  const what = `${intent.tool} (command ${intent.commandId}, step ${intent.step}): ${unsettled.state.replace(/_/g, ' ')}`;
  reasons.push(`in doubt: ${what}`);
  const expectation = intent.expectation;
  if (intent.repeatable) return decideRepeatable(unsettled, reasons);
  if (expectation.kind === 'none')
    return stop(
      'unverifiable',
      reasons,
      'its effect cannot be checked on screen (nothing was expected to show): a person must look',
    );
  const asBefore = sameScreen({ text: intent.screenBefore, content: intent.contentBefore }, observation);
  reasons.push(`compared with the screen the action was planned on, ${asBefore.how}`);
  const happened =
    expectation.kind === 'screen_changes'
      ? !asBefore.same
      : expectation.kind === 'text_appears'
        ? findElements(observation.screen, { text: expectation.text, ...expectation.where }).matches.length > 0
        : findElements(observation.screen, {
            text: expectation.text,
            contains: expectation.where?.contains,
            in: expectation.where?.in ?? 'anywhere',
          }).matches.length === 0;
  if (happened) {
    reasons.push(
      `its expected effect shows on the fresh picture (${describe(expectation)}): it happened; continuing after it`,
    );
    return { kind: 'continue', reasons, screenChanged: false, inFlightHappened: true };
  }
  // The expectation is the typed text itself: the step's own check of a field's end, or an
  // `expect:` that names what was typed (a secret's intent holds its mask, so it never equals it).
  const expectsTheTypedText =
    intent.action.kind === 'type' &&
    expectation.kind === 'text_appears' &&
    (expectation.where?.ending === true || expectation.text === intent.action.text);
  const prefix =
    expectsTheTypedText && expectation.kind === 'text_appears'
      ? typedPrefixLength(expectation.text, observation, intent.screenBefore)
      : undefined;
  if (prefix !== undefined && expectation.kind === 'text_appears') {
    reasons.push(
      `the field shows the first ${prefix} of the text's ${expectation.text.length} characters ("${expectation.text.slice(0, prefix)}"): the typing was cut off there, so only the rest is typed, with a new command id, and the whole text is then looked for`,
    );
    return { kind: 'verify_then_retry', reasons, commandId: intent.commandId, alreadyTyped: prefix };
  }
  // A TYPE whose field now holds something that is not the text's start must not be typed onto.
  const strange = intent.action.kind === 'type' ? newTexts(observation, intent.screenBefore)[0] : undefined;
  if (strange)
    return stop(
      'screen_mismatch',
      reasons,
      `"${strange.text}" shows where nothing of it was before, and it is not the start of what was being typed: typing again would add to it; a person must look`,
    );
  if (asBefore.same) {
    reasons.push(
      `the screen is still as it was before the action (${describe(expectation)} did not happen): it is done again, with a new command id`,
    );
    return { kind: 'verify_then_retry', reasons, commandId: intent.commandId };
  }
  return stop(
    'screen_mismatch',
    reasons,
    'the screen matches neither the picture before the action nor what it should have done: a person must look',
  );
}

/**
 * An action the journal marks safe to repeat (a focus tap): whether it happened does not
 * matter. Done by the MCU's own word: go on after it. Otherwise: do it again (the interpreter
 * plans it anew against the fresh picture, with a new command id).
 */
function decideRepeatable(unsettled: UnsettledAction, reasons: string[]): RecoveryDecision {
  if (unsettled.state === 'done_unverified') {
    reasons.push(
      'the MCU reported it done and it is safe to repeat (it changes nothing on screen): continuing after it',
    );
    return { kind: 'continue', reasons, screenChanged: false, inFlightHappened: true };
  }
  reasons.push(
    'it is safe to repeat (a tap that changes nothing on screen, such as focusing a field): it is done again, with a new command id',
  );
  return { kind: 'verify_then_retry', reasons, commandId: unsettled.intent.commandId };
}

function describe(expectation: UnsettledAction['intent']['expectation']): string {
  return expectation.kind === 'screen_changes'
    ? 'the screen changes'
    : expectation.kind === 'text_appears'
      ? `"${expectation.text}" appears`
      : expectation.kind === 'text_gone'
        ? `"${expectation.text}" goes`
        : 'nothing';
}

function stop(code: StopCode, reasons: string[], why: string): RecoveryDecision {
  return { kind: 'stop', code, reasons: [...reasons, why] };
}

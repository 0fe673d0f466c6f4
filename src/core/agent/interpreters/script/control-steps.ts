// What the interpreter decides by looking, without a tool: conditions (`if`, `when`, `repeat`'s
// while/until), assertions, and whether a repeat goes round again. Pure.
import { describeElement, findElements, notFoundMessage, type ElementQuery } from '../../../vision/match-elements.js';
import type { Observation } from '../../../ports/observer.js';
import type { Assertion } from '../../task/flow-steps.js';
import type { Condition, Place, ScriptStep } from '../../task/task-schema.js';
import { DEFAULT_REPEAT_MAX } from '../../task/flow-steps.js';
import { fillPlaceholders, placeArgs } from './step-to-call.js';

/** A condition is looked for anywhere the app draws (pop-ups included), as a whole element unless it says contains. */
export function showsCondition(
  observation: Observation,
  condition: Condition,
  inputs: Record<string, string>,
): boolean {
  const fill = (text: string) => fillPlaceholders(text, inputs);
  const text = fill(condition.screen_has ?? condition.screen_lacks!);
  const present =
    findElements(observation.screen, { in: 'anywhere', text, ...placeArgs(condition, fill) }).matches.length > 0;
  return present === (condition.screen_has !== undefined);
}

function queryFor(assertion: Assertion<Place>, inputs: Record<string, string>): ElementQuery {
  const fill = (text: string) => fillPlaceholders(text, inputs);
  if (typeof assertion === 'string') return { in: 'anywhere', text: fill(assertion) };
  return { in: 'anywhere', ...placeArgs(assertion, fill), text: fill(assertion.text) } as ElementQuery;
}

/** The screen in a line, for a failure message: what it shows instead. */
export function screenShows(observation: Observation, max = 12): string {
  const texts = observation.screen.lines.map((line) => `"${line.text}"`);
  if (!texts.length) return 'the screen shows no text that could be read';
  return `the screen shows ${texts.slice(0, max).join(', ')}${texts.length > max ? ` and ${texts.length - max} more line(s)` : ''}`;
}

/** Undefined when the assertion holds; else why not, naming what the screen shows. */
export function assertionProblem(
  step: Extract<ScriptStep, { assert_visible: unknown } | { assert_not_visible: unknown }>,
  observation: Observation,
  inputs: Record<string, string>,
): string | undefined {
  const visible = 'assert_visible' in step;
  const query = queryFor(visible ? step.assert_visible : step.assert_not_visible, inputs);
  const report = findElements(observation.screen, query);
  if (visible)
    return report.matches.length ? undefined : `${notFoundMessage(query, report)}; ${screenShows(observation)}`;
  const seen = report.matches[0];
  return seen
    ? `"${query.text}" is on the screen (${describeElement(seen.element)}), which the step says must not be`
    : undefined;
}

export type RepeatVerdict = { kind: 'round' } | { kind: 'done' } | { kind: 'halt'; reason: string };

/** Before each round of a repeat: go round, stop (its count reached, its condition met), or fail (its bound reached first). */
export function repeatVerdict(
  step: Extract<ScriptStep, { repeat: unknown }>,
  done: number,
  observation: Observation,
  inputs: Record<string, string>,
): RepeatVerdict {
  const r = step.repeat;
  if (r.while && !showsCondition(observation, r.while, inputs)) return { kind: 'done' };
  if (r.until && showsCondition(observation, r.until, inputs)) return { kind: 'done' };
  if (r.times !== undefined && done >= r.times) return { kind: 'done' };
  const bound = r.max ?? DEFAULT_REPEAT_MAX;
  if (r.times === undefined && done >= bound) {
    const condition = r.while
      ? `the screen still ${r.while.screen_has ? `has "${r.while.screen_has}"` : `lacks "${r.while.screen_lacks}"`}`
      : `the screen never ${r.until!.screen_has ? `showed "${r.until!.screen_has}"` : `lost "${r.until!.screen_lacks}"`}`;
    return { kind: 'halt', reason: `ran its bound of ${bound} rounds and ${condition}; ${screenShows(observation)}` };
  }
  return { kind: 'round' };
}

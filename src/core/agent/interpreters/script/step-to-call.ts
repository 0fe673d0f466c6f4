// One script step -> one tool call, with {placeholders} filled from the task's inputs.
import type { GestureStep } from '../../task/gesture-steps.js';
import type { Place, PlacedText, ScriptStep } from '../../task/task-schema.js';
import type { ControlStep } from '../../task/flow-steps.js';
import { maskSecret } from '../../redact-secrets.js';

const PLACE_KEYS = ['in', 'contains', 'below', 'above', 'near', 'right_of', 'left_of'] as const;

/** The place keys a step carries, with {placeholders} filled. */
export function placeArgs(step: Place, fill: (text: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of PLACE_KEYS) {
    const value = step[key];
    if (value !== undefined) out[key] = typeof value === 'string' && key !== 'in' ? fill(value) : value;
  }
  return out;
}

function placedText(value: PlacedText, fill: (text: string) => string): string | Record<string, unknown> {
  return typeof value === 'string' ? fill(value) : { text: fill(value.text), ...placeArgs(value, fill) };
}

/** An expectation as the tools take it: the text, and where as expect_in / expect_contains. */
function expectArgs(value: PlacedText, fill: (text: string) => string): Record<string, unknown> {
  if (typeof value === 'string') return { expect: fill(value) };
  return {
    expect: fill(value.text),
    ...(value.in ? { expect_in: value.in } : {}),
    ...(value.contains !== undefined ? { expect_contains: value.contains } : {}),
  };
}

/** A step that is one tool call; control steps (if, repeat, run_flow, assertions, wait_for_stable) the interpreter runs itself. */
export type ActionStep = Exclude<ScriptStep, ControlStep<ScriptStep>>;

export function fillPlaceholders(text: string, inputs: Record<string, string>): string {
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (whole, name: string) => inputs[name] ?? whole);
}

/** Every {placeholder} that the inputs do not define, for a load-time error. */
export function missingPlaceholders(steps: ScriptStep[], inputs: Record<string, string>): string[] {
  const missing = new Set<string>();
  const scan = (value: unknown): void => {
    // (The else belonged to the inner if, so objects were never looked into and nothing was ever missing.)
    if (typeof value === 'string') {
      for (const [, name] of value.matchAll(/(?<!\$)\{([a-z_][a-z0-9_]*)\}/gi))
        if (!(name! in inputs)) missing.add(name!);
    } else if (value && typeof value === 'object') Object.values(value).forEach(scan);
  };
  scan(steps);
  return [...missing];
}

export function toToolCall(
  step: ActionStep,
  inputs: Record<string, string>,
): { name: string; args: Record<string, unknown> } {
  const fill = (text: string) => fillPlaceholders(text, inputs);
  const expect =
    'expect' in step && step.expect
      ? expectArgs(step.expect, fill)
      : 'expect_gone' in step && step.expect_gone
        ? { expect_gone: fill(step.expect_gone) }
        : 'expect_change' in step && step.expect_change !== undefined
          ? { expect_change: step.expect_change }
          : {};
  const hold = 'hold_ms' in step && step.hold_ms ? { hold_ms: step.hold_ms } : {};
  // A step's timeout is how long its effect is looked for.
  const patience =
    'timeout_ms' in step && step.timeout_ms && !('wait_for' in step) && !('wait_for_change' in step)
      ? { verify_timeout_ms: step.timeout_ms }
      : {};
  if ('tap' in step)
    return {
      name: 'tap_text',
      args: {
        text: fill(step.tap),
        ...(step.occurrence ? { occurrence: step.occurrence } : {}),
        ...placeArgs(step, fill),
        ...expect,
        ...hold,
        ...patience,
      },
    };
  if ('tap_point' in step)
    return { name: 'tap_point', args: { x: step.tap_point[0], y: step.tap_point[1], ...expect, ...hold, ...patience } };
  // Typed text keeps its {placeholders}: the type tool fills them at the last moment, so secret
  // inputs never appear in a call, a log or a checkpoint.
  if ('type' in step)
    return { name: 'type_text', args: { text: step.type, secret: step.secret ?? false, ...expect, ...patience } };
  if ('key' in step)
    return { name: 'press_key', args: { key: step.key, mods: step.mods ?? [], ...expect, ...patience } };
  if ('wait_for' in step) {
    const wanted = placedText(step.wait_for, fill);
    const args = typeof wanted === 'string' ? { text: wanted } : wanted;
    return { name: 'wait_for', args: { ...args, ...(step.timeout_ms ? { timeout_ms: step.timeout_ms } : {}) } };
  }
  if ('wait_for_change' in step)
    return { name: 'wait_for', args: step.timeout_ms ? { timeout_ms: step.timeout_ms } : {} };
  if ('note' in step) return { name: 'write_note', args: { name: step.note.name, text: fill(step.note.text) } };
  if ('finding' in step)
    return { name: 'record_finding', args: { ...step.finding, detail: fill(step.finding.detail) } };
  if ('submit' in step) {
    const evidence = step.submit.evidence?.map((e) =>
      typeof e === 'string' ? { text: fill(e) } : { text: fill(e.text), ...placeArgs(e, fill) },
    );
    return {
      name: 'submit_result',
      args: {
        summary: fill(step.submit.summary),
        result: fillDeep(step.submit.result ?? {}, inputs),
        ...(evidence ? { evidence } : {}),
      },
    };
  }
  if ('screenshot' in step) return { name: 'take_screenshot', args: { name: step.screenshot } };
  if ('hand_over' in step) return { name: 'hand_over', args: { reason: fill(step.hand_over) } };
  return gestureToCall(step, fill, { ...expect, ...patience });
}

/** The gesture steps onto the gesture tools; `checks` are the step's expectation and patience, as for a tap. */
function gestureToCall(
  step: GestureStep,
  fill: (text: string) => string,
  checks: Record<string, unknown>,
): { name: string; args: Record<string, unknown> } {
  const durations = (s: { duration_ms?: number; hold_ms?: number }) => ({
    ...(s.duration_ms ? { duration_ms: s.duration_ms } : {}),
    ...(s.hold_ms !== undefined ? { hold_ms: s.hold_ms } : {}),
  });
  if ('swipe' in step) {
    const how =
      typeof step.swipe === 'string'
        ? {
            direction: step.swipe,
            ...(step.from ? { from: fill(step.from) } : {}),
            ...(step.edge ? { edge: step.edge } : {}),
            ...(step.distance ? { distance: step.distance } : {}),
          }
        : { path: step.swipe.path.map(([x, y]) => ({ x, y })) };
    return { name: 'swipe', args: { ...how, ...durations(step), ...checks } };
  }
  if ('scroll_until_visible' in step) {
    const wanted = step.scroll_until_visible;
    const text = fill(typeof wanted === 'string' ? wanted : wanted.text);
    const contains = typeof wanted === 'string' ? undefined : wanted.contains;
    // Half a page per swipe: a list moves less than it shows, so no row is skipped.
    return {
      name: 'scroll',
      args: {
        direction: step.direction ?? 'down',
        amount: step.amount ?? 'half',
        until_visible: text,
        ...(contains ? { until_contains: true } : {}),
        ...(step.within ? { within: fill(step.within) } : {}),
        verify_timeout_ms: step.timeout_ms ?? 1500,
      },
    };
  }
  if ('long_press' in step) {
    return {
      name: 'long_press',
      args: {
        text: fill(step.long_press),
        ...(step.occurrence ? { occurrence: step.occurrence } : {}),
        ...(step.in ? { in: step.in } : {}),
        ...durations(step),
        ...checks,
      },
    };
  }
  return { name: 'drag', args: { from: fill(step.drag), to: fill(step.to), ...durations(step), ...checks } };
}

function fillDeep(value: unknown, inputs: Record<string, string>): Record<string, unknown> {
  const fill = (v: unknown): unknown =>
    typeof v === 'string'
      ? fillPlaceholders(v, inputs)
      : Array.isArray(v)
        ? v.map(fill)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
          : v;
  return fill(value) as Record<string, unknown>;
}

const describeCondition = (c: { screen_has?: string; screen_lacks?: string }) =>
  c.screen_has ? `has "${c.screen_has}"` : `lacks "${c.screen_lacks}"`;
const assertedText = (a: string | { text: string }) => (typeof a === 'string' ? a : a.text);

export function describeStep(step: ScriptStep): string {
  if (step.id && isControl(step)) return step.id;
  if ('if' in step) return `if the screen ${describeCondition(step.if)}`;
  if ('assert_visible' in step) return `assert_visible "${assertedText(step.assert_visible)}"`;
  if ('assert_not_visible' in step) return `assert_not_visible "${assertedText(step.assert_not_visible)}"`;
  if ('run_flow' in step) return `run_flow ${typeof step.run_flow === 'string' ? step.run_flow : step.run_flow.file}`;
  if ('repeat' in step) {
    const r = step.repeat;
    return [
      'repeat',
      r.times !== undefined ? `${r.times} times` : '',
      r.while ? `while the screen ${describeCondition(r.while)}` : '',
      r.until ? `until the screen ${describeCondition(r.until)}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
  if ('wait_for_stable' in step) return 'wait_for_stable';
  const { name, args } = toToolCall(step, {});
  const shown = maskSecret(args, { hideLength: true });
  return step.id ? `${step.id} (${name})` : `${name} ${JSON.stringify(shown)}`;
}

function isControl(step: ScriptStep): boolean {
  return (
    'if' in step ||
    'repeat' in step ||
    'run_flow' in step ||
    'assert_visible' in step ||
    'assert_not_visible' in step ||
    'wait_for_stable' in step
  );
}

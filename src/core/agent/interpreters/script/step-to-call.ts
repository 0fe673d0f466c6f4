// One script step -> one tool call, with {placeholders} filled from the task's inputs.
import type { Place, PlacedText, ScriptStep } from '../../task/task-schema.js';

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
  return { expect: fill(value.text), ...(value.in ? { expect_in: value.in } : {}), ...(value.contains !== undefined ? { expect_contains: value.contains } : {}) };
}

export type ActionStep = Exclude<ScriptStep, { if: unknown }>;

export function fillPlaceholders(text: string, inputs: Record<string, string>): string {
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (whole, name: string) => inputs[name] ?? whole);
}

/** Every {placeholder} that the inputs do not define, for a load-time error. */
export function missingPlaceholders(steps: ScriptStep[], inputs: Record<string, string>): string[] {
  const missing = new Set<string>();
  const scan = (value: unknown): void => {
    if (typeof value === 'string') for (const [, name] of value.matchAll(/\{([a-z_][a-z0-9_]*)\}/gi)) if (!(name! in inputs)) missing.add(name!);
    else if (value && typeof value === 'object') Object.values(value).forEach(scan);
  };
  scan(steps);
  return [...missing];
}

export function toToolCall(step: ActionStep, inputs: Record<string, string>): { name: string; args: Record<string, unknown> } {
  const fill = (text: string) => fillPlaceholders(text, inputs);
  const expect = 'expect' in step && step.expect ? expectArgs(step.expect, fill)
    : 'expect_gone' in step && step.expect_gone ? { expect_gone: fill(step.expect_gone) }
      : 'expect_change' in step && step.expect_change !== undefined ? { expect_change: step.expect_change } : {};
  const hold = 'hold_ms' in step && step.hold_ms ? { hold_ms: step.hold_ms } : {};
  // A step's timeout is how long its effect is looked for.
  const patience = 'timeout_ms' in step && step.timeout_ms && !('wait_for' in step) && !('wait_for_change' in step) ? { verify_timeout_ms: step.timeout_ms } : {};
  if ('tap' in step) return { name: 'tap_text', args: { text: fill(step.tap), ...(step.occurrence ? { occurrence: step.occurrence } : {}), ...placeArgs(step, fill), ...expect, ...hold, ...patience } };
  if ('tap_point' in step) return { name: 'tap_point', args: { x: step.tap_point[0], y: step.tap_point[1], ...expect, ...hold, ...patience } };
  // Typed text keeps its {placeholders}: the type tool fills them at the last moment, so secret
  // inputs never appear in a call, a log or a checkpoint.
  if ('type' in step) return { name: 'type_text', args: { text: step.type, secret: step.secret ?? false, ...expect, ...patience } };
  if ('key' in step) return { name: 'press_key', args: { key: step.key, mods: step.mods ?? [], ...expect, ...patience } };
  if ('wait_for' in step) {
    const wanted = placedText(step.wait_for, fill);
    const args = typeof wanted === 'string' ? { text: wanted } : wanted;
    return { name: 'wait_for', args: { ...args, ...(step.timeout_ms ? { timeout_ms: step.timeout_ms } : {}) } };
  }
  if ('wait_for_change' in step) return { name: 'wait_for', args: step.timeout_ms ? { timeout_ms: step.timeout_ms } : {} };
  if ('note' in step) return { name: 'write_note', args: { name: step.note.name, text: fill(step.note.text) } };
  if ('finding' in step) return { name: 'record_finding', args: { ...step.finding, detail: fill(step.finding.detail) } };
  if ('submit' in step) {
    const evidence = step.submit.evidence?.map((e) => (typeof e === 'string' ? { text: fill(e) } : { text: fill(e.text), ...placeArgs(e, fill) }));
    return { name: 'submit_result', args: { summary: fill(step.submit.summary), result: fillDeep(step.submit.result ?? {}, inputs), ...(evidence ? { evidence } : {}) } };
  }
  return { name: 'hand_over', args: { reason: fill(step.hand_over) } };
}

function fillDeep(value: unknown, inputs: Record<string, string>): Record<string, unknown> {
  const fill = (v: unknown): unknown => (typeof v === 'string' ? fillPlaceholders(v, inputs) : Array.isArray(v) ? v.map(fill) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)])) : v);
  return fill(value) as Record<string, unknown>;
}

export function describeStep(step: ScriptStep): string {
  if ('if' in step) return `if the screen ${step.if.screen_has ? `has "${step.if.screen_has}"` : `lacks "${step.if.screen_lacks}"`}`;
  const { name, args } = toToolCall(step, {});
  const shown = args.secret ? { ...args, text: '•••' } : args;
  return step.id ? `${step.id} (${name})` : `${name} ${JSON.stringify(shown)}`;
}

// Evaluates `when`/`if` conditions over the device's variables and fills `{name}` placeholders.
import type { Condition } from './schema.js';
import type { Value } from './state.js';

export function holds(condition: Condition, vars: Record<string, Value>): boolean {
  if ('all' in condition) return condition.all.every((c) => holds(c, vars));
  if ('any' in condition) return condition.any.some((c) => holds(c, vars));
  const value = vars[condition.var];
  if (condition.empty !== undefined && isEmpty(value) !== condition.empty) return false;
  if (condition.equals !== undefined && String(value ?? '') !== String(condition.equals)) return false;
  if (condition.notEquals !== undefined && String(value ?? '') === String(condition.notEquals)) return false;
  if (condition.minLength !== undefined && [...String(value ?? '')].length < condition.minLength) return false;
  return true;
}

function isEmpty(value: Value | undefined): boolean {
  return value === undefined || value === '' || value === false;
}

/** Replaces `{name}` with the variable's value; unknown names become empty, like an unset field. */
export function interpolate(text: string, vars: Record<string, Value>): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

// Turns typed action requests into frame arguments, in the table's argument order so a
// retransmission is byte-identical. Checks only what the frame itself needs (integers,
// encodable text, frame length); the MCU enforces its own limits and is the authority.
import { escapeValue } from './escape.js';
import type { FrameArgs } from './frame.js';
import { MAX_FRAME_BYTES, PROTOCOL_TABLE } from './table.js';

export interface ArgProblem {
  field: string;
  rule: string;
  value: unknown;
}
export type ArgsResult = { ok: true; args: FrameArgs } | { ok: false; problem: ArgProblem };

const UINT_MAX = 0xffffffff;
const isUint = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= UINT_MAX;
const problem = (field: string, rule: string, value: unknown): ArgsResult => ({
  ok: false,
  problem: { field, rule, value },
});

export function tapArgs(x: unknown, y: unknown, holdMs?: unknown): ArgsResult {
  if (!isUint(x)) return problem('x', 'a whole number >= 0 in actuator units', x);
  if (!isUint(y)) return problem('y', 'a whole number >= 0 in actuator units', y);
  if (holdMs !== undefined && !isUint(holdMs)) return problem('holdMs', 'a whole number of milliseconds', holdMs);
  const args: [string, string][] = [
    ['x', String(x)],
    ['y', String(y)],
  ];
  if (holdMs !== undefined) args.push(['hold', String(holdMs)]);
  return { ok: true, args };
}

// Worst case for the fixed part: "65535 4294967295 TYPE text=" plus " *XXXX".
const TYPE_OVERHEAD = 27 + 6;

export function typeArgs(text: unknown): ArgsResult {
  if (typeof text !== 'string' || text.length === 0) return problem('text', 'a non-empty string', text);
  const escaped = escapeValue(text);
  if (escaped.length + TYPE_OVERHEAD > MAX_FRAME_BYTES) {
    return problem(
      'text',
      `at most ${MAX_FRAME_BYTES - TYPE_OVERHEAD} bytes once escaped; split it into several type commands`,
      text.length,
    );
  }
  return { ok: true, args: [['text', escaped]] };
}

const MAX_PATH_POINTS = PROTOCOL_TABLE.defaultLimits.maxPathPoints;
const UINT16_MAX = 0xffff;
const isCoordinate = (n: unknown): n is number => isUint(n) && n <= UINT16_MAX;

/**
 * SWIPE path=x,y;x,y... ms= [hold=]. At most maxPathPoints points: that many always fit one
 * frame (PROTOCOL.md, "Gestures"); a longer gesture is several swipes.
 */
export function swipeArgs(path: unknown, durationMs: unknown, holdMs?: unknown): ArgsResult {
  if (!Array.isArray(path) || path.length < 2 || path.length > MAX_PATH_POINTS) {
    return problem(
      'path',
      `a list of 2..${MAX_PATH_POINTS} points {x, y}; split a longer gesture into several swipes`,
      Array.isArray(path) ? `${path.length} points` : path,
    );
  }
  const bad = path.findIndex(
    (p) => !p || !isCoordinate((p as { x?: unknown }).x) || !isCoordinate((p as { y?: unknown }).y),
  );
  if (bad >= 0)
    return problem(`path[${bad}]`, `a point {x, y} of whole numbers 0..${UINT16_MAX} in actuator units`, path[bad]);
  if (!isUint(durationMs)) return problem('durationMs', 'a whole number of milliseconds', durationMs);
  if (holdMs !== undefined && !isUint(holdMs)) return problem('holdMs', 'a whole number of milliseconds', holdMs);
  const points = (path as { x: number; y: number }[]).map((p) => `${p.x},${p.y}`).join(';');
  const args: [string, string][] = [
    ['path', points],
    ['ms', String(durationMs)],
  ];
  if (holdMs !== undefined) args.push(['hold', String(holdMs)]);
  return { ok: true, args };
}

export function longPressArgs(x: unknown, y: unknown, durationMs: unknown): ArgsResult {
  if (!isUint(x)) return problem('x', 'a whole number >= 0 in actuator units', x);
  if (!isUint(y)) return problem('y', 'a whole number >= 0 in actuator units', y);
  if (!isUint(durationMs)) return problem('durationMs', 'a whole number of milliseconds', durationMs);
  return {
    ok: true,
    args: [
      ['x', String(x)],
      ['y', String(y)],
      ['ms', String(durationMs)],
    ],
  };
}

const keyNames = new Set<string>(PROTOCOL_TABLE.keys.map((k) => k.name));
const modifierNames = new Set<string>(PROTOCOL_TABLE.modifiers.map((m) => m.name));

export function keyArgs(key: unknown, mods?: readonly unknown[], holdMs?: unknown): ArgsResult {
  const single = typeof key === 'string' && key.length === 1 && key >= ' ' && key <= '~';
  if (typeof key !== 'string' || !(single || keyNames.has(key))) {
    return problem('key', `one printable character or one of ${[...keyNames].join(', ')}`, key);
  }
  const badMod = (mods ?? []).find((m) => typeof m !== 'string' || !modifierNames.has(m));
  if (badMod !== undefined) return problem('mods', `each one of ${[...modifierNames].join(', ')}`, badMod);
  if (holdMs !== undefined && !isUint(holdMs)) return problem('holdMs', 'a whole number of milliseconds', holdMs);
  const args: [string, string][] = [['key', escapeValue(key)]];
  if (mods && mods.length) args.push(['mods', mods.join('+')]);
  if (holdMs !== undefined) args.push(['hold', String(holdMs)]);
  return { ok: true, args };
}

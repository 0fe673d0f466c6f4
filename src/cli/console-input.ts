// Parses what a person types at `benchhand console` into a request for the link.
// Accepts the wire verbs with key=value arguments, plus friendlier forms:
//   TAP 100 200 [HOLD] | TYPE some text | KEY ENTER [ctrl+shift] | ESTOP | CLEAR | STATUS | PING | HOME
//   SWIPE 540,1800;540,600 [MS] [HOLD] | LONGPRESS 300 700 [MS]
import type { ModifierName, PathPoint } from '../core/ports/mcu.js';

export type ConsoleRequest =
  | { kind: 'control'; verb: 'ESTOP' | 'CLEAR' | 'STATUS' | 'PING' }
  | { kind: 'tap'; x: number; y: number; holdMs?: number }
  | { kind: 'type'; text: string }
  | { kind: 'key'; key: string; mods: ModifierName[]; holdMs?: number }
  | { kind: 'home' }
  | { kind: 'swipe'; path: PathPoint[]; durationMs: number; holdMs?: number }
  | { kind: 'longpress'; x: number; y: number; durationMs: number }
  | { kind: 'help' }
  | { kind: 'quit' }
  | { kind: 'error'; message: string };

export const CONSOLE_HELP = [
  'TAP x y [hold_ms]        tap at actuator coordinates (also: TAP x=.. y=.. hold=..)',
  'TYPE text...             type the rest of the line (\\n for Enter, \\t for Tab)',
  'KEY name [mods]          press a key: ENTER, TAB, ESC, BACKSPACE, UP, ... or one character; mods like ctrl+shift',
  'HOME                     home the gantry',
  'SWIPE x,y;x,y... [ms] [hold_ms]  draw the contact along the points (also: SWIPE path=.. ms=.. hold=..); default 300 ms',
  'LONGPRESS x y [ms]       press and hold (default 800 ms)',
  'ESTOP | CLEAR            latch / release the emergency stop',
  'STATUS | PING            ask the MCU how it is',
  'help | quit',
].join('\n');

const named = (tokens: string[]): Record<string, string> =>
  Object.fromEntries(
    tokens.filter((t) => t.includes('=')).map((t) => [t.slice(0, t.indexOf('=')), t.slice(t.indexOf('=') + 1)]),
  );
const positional = (tokens: string[]): string[] => tokens.filter((t) => !t.includes('='));
const number = (text: string | undefined): number | undefined => (text === undefined ? undefined : Number(text));

export function parseConsoleInput(input: string): ConsoleRequest | undefined {
  const line = input.trim();
  if (!line || line.startsWith('#')) return undefined;
  const [first = '', ...tokens] = line.split(/\s+/);
  const verb = first.toUpperCase();
  switch (verb) {
    case 'ESTOP':
    case 'CLEAR':
    case 'STATUS':
    case 'PING':
      return { kind: 'control', verb };
    case 'HOME':
      return { kind: 'home' };
    case 'HELP':
    case '?':
      return { kind: 'help' };
    case 'QUIT':
    case 'EXIT':
      return { kind: 'quit' };
    case 'TAP': {
      const byName = named(tokens);
      const [x, y, hold] = positional(tokens);
      return { kind: 'tap', x: Number(byName.x ?? x), y: Number(byName.y ?? y), holdMs: number(byName.hold ?? hold) };
    }
    case 'SWIPE': {
      const byName = named(tokens);
      const [path, ms, hold] = positional(tokens);
      const points = (byName.path ?? path ?? '')
        .split(';')
        .filter(Boolean)
        .map((p) => {
          const [x, y] = p.split(',').map(Number);
          return { x: x!, y: y! };
        });
      return {
        kind: 'swipe',
        path: points,
        durationMs: Number(byName.ms ?? ms ?? 300),
        holdMs: number(byName.hold ?? hold),
      };
    }
    case 'LONGPRESS': {
      const byName = named(tokens);
      const [x, y, ms] = positional(tokens);
      return {
        kind: 'longpress',
        x: Number(byName.x ?? x),
        y: Number(byName.y ?? y),
        durationMs: Number(byName.ms ?? ms ?? 800),
      };
    }
    case 'TYPE': {
      const rest = line.slice(first.length + 1);
      const text = rest.startsWith('text=') ? rest.slice(5) : rest;
      return { kind: 'type', text: text.replace(/\\n/g, '\n').replace(/\\t/g, '\t') };
    }
    case 'KEY': {
      const byName = named(tokens);
      const [key, mods, hold] = positional(tokens);
      const modText = byName.mods ?? mods;
      return {
        kind: 'key',
        key: byName.key ?? key ?? '',
        mods: (modText ? modText.split('+') : []) as ModifierName[],
        holdMs: number(byName.hold ?? hold),
      };
    }
    default:
      return { kind: 'error', message: `unknown command "${first}"; type help for the list` };
  }
}

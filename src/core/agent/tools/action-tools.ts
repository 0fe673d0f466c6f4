// Tools that move something on the device. Each only plans: it resolves its arguments against
// the latest look at the screen into a physical action and what should show afterwards.
import { z } from 'zod';
import { findText, type TextMatch } from '../../vision/find-text.js';
import type { ScreenModel } from '../../vision/screen-model.js';
import { KEY_NAMES } from './key-names.js';
import { defineActionTool, type Expectation, type TaskInputs } from './tool.js';
import { qualityNote } from './screen-tools.js';

const expectArg = z.string().min(1).max(200).optional()
  .describe('text that must be on screen afterwards for the action to count as done; without it, the screen must change');
const expectGoneArg = z.string().min(1).max(200).optional()
  .describe('text that must be gone from the screen afterwards (e.g. a dialog title), instead of expect');
const expectChangeArg = z.boolean().optional()
  .describe('false when the action shows no text change (focusing a text field before typing); then nothing is checked');
const holdArg = z.number().int().min(10).max(1500).optional().describe('how long to press, ms (a long press is ~800)');

/** What every tap accepts about checking its effect, and how long to press. */
const tapChecks = { expect: expectArg, expect_gone: expectGoneArg, expect_change: expectChangeArg, hold_ms: holdArg };

const expectation = (args: { expect?: string; expect_gone?: string; expect_change?: boolean }, fallback: Expectation): Expectation => {
  if (args.expect) return { kind: 'text_appears', text: args.expect };
  if (args.expect_gone) return { kind: 'text_gone', text: args.expect_gone };
  if (args.expect_change !== undefined) return args.expect_change ? { kind: 'screen_changes' } : { kind: 'none' };
  return fallback;
};

/** Among equally good matches, text that is a whole line (a button label) beats a word inside a sentence. */
function preferWholeLines(matches: TextMatch[], screen: ScreenModel): TextMatch[] {
  const inside = (m: TextMatch, box: TextMatch['box']) => m.centre.x >= box.x && m.centre.x <= box.x + box.width && m.centre.y >= box.y && m.centre.y <= box.y + box.height;
  const whole = (m: TextMatch) => (screen.lines.some((line) => inside(m, line.box) && line.text.trim().toLowerCase() === m.text.trim().toLowerCase()) ? 1 : 0);
  return [...matches].sort((a, b) => Math.round((b.score - a.score) * 100) || whole(b) - whole(a));
}

export const tapText = defineActionTool({
  name: 'tap_text',
  description: 'Tap the text (a button, list item, field label) that best matches `text` on the current screen. Checks afterwards that the screen changed, or that `expect` appeared (or `expect_gone` went). To focus a text field, pass expect_change: false: focus shows no text change. If the text is not found, nothing moves: call read_screen.',
  input: z.object({
    text: z.string().min(1).max(200).describe('the visible text to tap'),
    occurrence: z.number().int().min(1).max(10).default(1).describe('which match, when the text is on screen more than once (1 = best)'),
    ...tapChecks,
  }).strict(),
  timeoutMs: 20000,
  plan(args, context) {
    const observation = context.observation();
    if (!observation.quality.ok) return { ok: false, reply: { status: 'observation_problem', content: `Not tapping: ${qualityNote(observation).trim()}` } };
    const matches = preferWholeLines(findText(observation.screen, args.text, { minScore: 0.75, limit: 10 }), observation.screen);
    const match = matches[args.occurrence - 1];
    if (!match) {
      const seen = matches.length ? ` (only ${matches.length} match(es))` : '';
      return { ok: false, reply: { status: 'not_found', content: `"${args.text}" is not on the screen${seen}; nothing moved. Call read_screen to see what is there.` } };
    }
    const device = { x: Math.round(match.centre.x), y: Math.round(match.centre.y) };
    return {
      ok: true,
      plan: {
        action: { kind: 'tap', device, holdMs: args.hold_ms, target: match.text },
        expectation: expectation(args, { kind: 'screen_changes' }),
        summary: `tap on "${match.text}" at ${device.x},${device.y}`,
      },
    };
  },
});

export const tapPoint = defineActionTool({
  name: 'tap_point',
  description: 'Tap a point on the screen in device pixels (x to the right, y down from the top-left). Prefer tap_text; use this for things without text (icons), with coordinates from read_screen or find_text.',
  input: z.object({
    x: z.number().int().min(0).describe('device pixels from the left edge'),
    y: z.number().int().min(0).describe('device pixels from the top edge'),
    ...tapChecks,
  }).strict(),
  timeoutMs: 20000,
  plan(args, context) {
    const { width, height } = context.observation().screen.deviceSize;
    if (args.x >= width || args.y >= height) {
      return { ok: false, reply: { status: 'invalid_arguments', content: `(${args.x}, ${args.y}) is outside the ${width}x${height} screen; nothing moved. Use coordinates from read_screen or find_text.` } };
    }
    const under = context.observation().screen.lines.flatMap((l) => l.words).find((w) => args.x >= w.box.x && args.x <= w.box.x + w.box.width && args.y >= w.box.y && args.y <= w.box.y + w.box.height);
    return {
      ok: true,
      plan: {
        action: { kind: 'tap', device: { x: args.x, y: args.y }, holdMs: args.hold_ms, target: under?.text },
        expectation: expectation(args, { kind: 'screen_changes' }),
        summary: `tap at ${args.x},${args.y}${under ? ` (on "${under.text}")` : ''}`,
      },
    };
  },
});

const typeable = /^[\x20-\x7e\n\t]*$/;

/** Fills {name} placeholders from the task inputs; says whether a secret was used. */
function fillInputs(text: string, inputs: TaskInputs): { text: string; secret: boolean; unknown: string[] } {
  let secret = false;
  const unknown: string[] = [];
  const filled = text.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (whole, name: string) => {
    const value = inputs.values[name];
    if (value === undefined) { unknown.push(name); return whole; }
    if (inputs.secrets.has(name)) secret = true;
    return value;
  });
  return { text: filled, secret, unknown };
}

export const typeText = defineActionTool({
  name: 'type_text',
  description: 'Type text into the focused field with the keyboard (US layout; \\n is Enter, \\t is Tab). Tap the field first. Write a task input as {name} (e.g. {password}): it is filled in at the last moment, and secret inputs are never shown to you. Checks afterwards that the screen changed, or that `expect` appeared.',
  input: z.object({
    text: z.string().min(1).max(400).regex(typeable, 'only printable ASCII, \\n and \\t can be typed').describe('what to type'),
    secret: z.boolean().default(false).describe('true for passwords: the text is kept out of logs and reports'),
    expect: expectArg,
    expect_gone: expectGoneArg,
  }).strict(),
  timeoutMs: 60000,
  plan(args, context) {
    const filled = fillInputs(args.text, context.inputs);
    if (filled.unknown.length) {
      return { ok: false, reply: { status: 'invalid_arguments', content: `text uses {${filled.unknown.join('}, {')}}, which is not a task input (inputs: ${Object.keys(context.inputs.values).join(', ') || 'none'}). Nothing was typed.` } };
    }
    if (!typeable.test(filled.text)) return { ok: false, reply: { status: 'invalid_arguments', content: 'the text (with its inputs filled in) has characters a US keyboard cannot type; nothing was typed.' } };
    const secret = args.secret || filled.secret;
    return {
      ok: true,
      plan: {
        action: { kind: 'type', text: filled.text, secret },
        // A secret field shows dots, which OCR does not read: there is nothing honest to check.
        expectation: expectation(args, secret ? { kind: 'none' } : { kind: 'screen_changes' }),
        summary: `type ${secret ? `${filled.text.length} secret characters` : `"${filled.text}"`}`,
      },
    };
  },
});

const keyNames = KEY_NAMES as unknown as [string, ...string[]];

export const pressKey = defineActionTool({
  name: 'press_key',
  description: `Press one key, optionally with modifiers (e.g. key ENTER, or key "a" with mods ["ctrl"] for select-all). Keys: ${keyNames.join(', ')}, or one printable character. Without \`expect\`, nothing is checked afterwards.`,
  input: z.object({
    key: z.union([z.enum(keyNames), z.string().length(1).regex(/^[\x20-\x7e]$/)]).describe('a key name or one character'),
    mods: z.array(z.enum(['ctrl', 'shift', 'alt', 'gui'])).max(4).default([]).describe('modifiers held while pressing'),
    expect: expectArg,
    expect_gone: expectGoneArg,
  }).strict(),
  timeoutMs: 20000,
  plan(args) {
    const combo = [...args.mods, args.key].join('+');
    return {
      ok: true,
      plan: { action: { kind: 'key', key: args.key, mods: args.mods }, expectation: expectation(args, { kind: 'none' }), summary: `press ${combo}` },
    };
  },
});

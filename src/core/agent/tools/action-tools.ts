// Tools that move something on the device. Each only plans: it resolves its arguments against
// the latest look at the screen into a physical action and what should show afterwards.
import { z } from 'zod';
import { describe, resolveTarget } from '../../vision/match-elements.js';
import { centreOf, type ScreenModel } from '../../vision/screen-model.js';
import { KEY_NAMES } from './key-names.js';
import type { Place } from '../../vision/match-elements.js';
import { expectPlaceFields, expectPlaceOf, placeFields, queryOf } from './place-args.js';
import { focusedField } from './typing-focus.js';
import { remainingText } from './typing-continuation.js';
import { restAfterEstop } from './typing-after-estop.js';
import { defineActionTool, type Expectation, type TapHit, type TaskInputs } from './tool.js';
import { qualityNote } from './screen-tools.js';

export const expectArg = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe(
    'text that must then be on screen as a whole element (expect_in, expect_contains say where); default: the screen must change',
  );
export const expectGoneArg = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe('text that must then be gone (e.g. a dialog title)');
export const expectChangeArg = z.boolean().optional().describe('false: no change to check (focusing a field)');
const holdArg = z.number().int().min(10).max(1500).optional().describe('press time, ms');
export const verifyTimeoutArg = z
  .number()
  .int()
  .min(200)
  .max(60000)
  .optional()
  .describe('how long to look for the effect, ms');

/** What every tap accepts about checking its effect, and how long to press. */
const tapChecks = {
  expect: expectArg,
  ...expectPlaceFields,
  expect_gone: expectGoneArg,
  expect_change: expectChangeArg,
  hold_ms: holdArg,
  verify_timeout_ms: verifyTimeoutArg,
};

interface ExpectArgs {
  expect?: string;
  expect_in?: Place;
  expect_contains?: boolean;
  expect_gone?: string;
  expect_change?: boolean;
}

export const expectation = (args: ExpectArgs, fallback: Expectation): Expectation => {
  if (args.expect) {
    const where = expectPlaceOf(args);
    return { kind: 'text_appears', text: args.expect, ...(where ? { where } : {}) };
  }
  if (args.expect_gone) return { kind: 'text_gone', text: args.expect_gone };
  if (args.expect_change !== undefined) return args.expect_change ? { kind: 'screen_changes' } : { kind: 'none' };
  return fallback;
};

/** What a tap at this point would hit: the element whose whole box holds it, and that element's region. */
export function hitAt(screen: ScreenModel, point: { x: number; y: number }): TapHit | undefined {
  const holding = screen.elements.filter(
    (e) =>
      point.x >= e.box.x && point.x <= e.box.x + e.box.width && point.y >= e.box.y && point.y <= e.box.y + e.box.height,
  );
  const element = holding.sort((a, b) => a.box.width * a.box.height - b.box.width * b.box.height)[0];
  if (!element) return undefined;
  const region = screen.regions.find((r) => r.id === element.region)!;
  return {
    text: element.text,
    kind: element.kind,
    region: region.kind,
    regionTitle: region.title,
    unasked: region.unasked,
    box: element.box,
  };
}

export const tapText = defineActionTool({
  name: 'tap_text',
  description:
    'Tap the element (button, list item, field) whose whole text is `text`, word for word (OCR confusions like O/0 forgiven, other words never; contains: true for words inside a longer text). Text seen more than once: say which with in, an anchor (below, near, ...) or occurrence, else nothing moves. Unasked banners and pop-ups only with in: banner/anywhere. Then checks the screen changed, or `expect` appeared / `expect_gone` went. Focus a field with expect_change: false.',
  input: z
    .object({
      text: z.string().min(1).max(200).describe('the visible text to tap'),
      occurrence: z.number().int().min(1).max(10).optional().describe('which one, top to bottom'),
      ...placeFields,
      ...tapChecks,
    })
    .strict(),
  timeoutMs: 20000,
  plan(args, context) {
    const observation = context.observation();
    if (!observation.quality.ok)
      return {
        ok: false,
        reply: { status: 'observation_problem', content: `Not tapping: ${qualityNote(observation).trim()}` },
      };
    const resolved = resolveTarget(observation.screen, queryOf(args.text, args), args.occurrence);
    if (!resolved.ok) {
      return {
        ok: false,
        reply: {
          status: resolved.reason === 'ambiguous' ? 'invalid_arguments' : 'not_found',
          content: `${resolved.message}. Nothing moved.${resolved.reason === 'not_found' ? ' Call read_screen to see what is there.' : ''}`,
        },
      };
    }
    const { element, region } = resolved.match;
    const centre = centreOf(element.box);
    const device = { x: Math.round(centre.x), y: Math.round(centre.y) };
    return {
      ok: true,
      plan: {
        action: {
          kind: 'tap',
          device,
          holdMs: args.hold_ms,
          target: element.text,
          hit: hitAt(observation.screen, device),
        },
        expectation: expectation(args, { kind: 'screen_changes' }),
        summary: `tap on "${element.text}" (${element.kind}${region.kind === 'content' ? '' : ` in the ${describe(region)}`}) at ${device.x},${device.y}`,
        verifyTimeoutMs: args.verify_timeout_ms,
        aimBox: element.box,
      },
    };
  },
});

export const tapPoint = defineActionTool({
  name: 'tap_point',
  description:
    'Tap a point in device pixels (x right, y down from the top-left). Prefer tap_text; use this for icons, with coordinates from read_screen or find_text.',
  input: z
    .object({
      x: z.number().int().min(0).describe('device pixels from the left edge'),
      y: z.number().int().min(0).describe('device pixels from the top edge'),
      ...tapChecks,
    })
    .strict(),
  timeoutMs: 20000,
  plan(args, context) {
    const { width, height } = context.observation().screen.deviceSize;
    if (args.x >= width || args.y >= height) {
      return {
        ok: false,
        reply: {
          status: 'invalid_arguments',
          content: `(${args.x}, ${args.y}) is outside the ${width}x${height} screen; nothing moved. Use coordinates from read_screen or find_text.`,
        },
      };
    }
    const hit = hitAt(context.observation().screen, { x: args.x, y: args.y });
    return {
      ok: true,
      plan: {
        action: { kind: 'tap', device: { x: args.x, y: args.y }, holdMs: args.hold_ms, target: hit?.text, hit },
        expectation: expectation(args, { kind: 'screen_changes' }),
        summary: `tap at ${args.x},${args.y}${hit ? ` (on "${hit.text}")` : ''}`,
        verifyTimeoutMs: args.verify_timeout_ms,
      },
    };
  },
});

const typeable = /^[\x20-\x7e\n\t]*$/;

/**
 * What typing should show: the end of the text in the field (a long value scrolls, so its last
 * words are what stays in view). Keys that went nowhere leave them out. Text ending in Enter or
 * Tab moves on (submits, next field): then the screen must change.
 */
/**
 * Typing shows as the field's text ending with what was typed: a one-line field scrolled to its
 * caret shows only the end of a long text, the first word perhaps cut (match-elements `ending`).
 */
function typedShows(text: string): Expectation {
  if (/[\n\t]$/.test(text)) return { kind: 'screen_changes' };
  return text.trim()
    ? { kind: 'text_appears', text: text.trim(), where: { ending: true } }
    : { kind: 'screen_changes' };
}

/** Fills {name} placeholders from the task inputs; says whether a secret was used. */
function fillInputs(text: string, inputs: TaskInputs): { text: string; secret: boolean; unknown: string[] } {
  let secret = false;
  const unknown: string[] = [];
  const filled = text.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (whole, name: string) => {
    const value = inputs.values[name];
    if (value === undefined) {
      unknown.push(name);
      return whole;
    }
    if (inputs.secrets.has(name)) secret = true;
    return value;
  });
  return { text: filled, secret, unknown };
}

export const typeText = defineActionTool({
  name: 'type_text',
  description:
    'Type into the focused field (US keyboard; \\n is Enter, \\t is Tab). Tap the field first: nothing is typed unless a field is seen focused, a secret only into a password field. Write a task input as {name} (e.g. {password}): filled in at the last moment; secret inputs are never shown to you. Then checks the screen changed, or `expect` appeared.',
  input: z
    .object({
      text: z
        .string()
        .min(1)
        .max(400)
        .regex(typeable, 'only printable ASCII, \\n and \\t can be typed')
        .describe('what to type'),
      secret: z.boolean().default(false).describe('true for passwords: the text is kept out of logs and reports'),
      continue_typing: z
        .boolean()
        .default(false)
        .describe(
          'an earlier try was cut off (a pop-up took the keys): the field holds the start of this text, so type only what is missing',
        ),
      already_typed: z
        .number()
        .int()
        .min(1)
        .max(400)
        .optional()
        .describe(
          'an e-stop stopped an earlier try part-way: its reply said how many characters are typed; only the rest is typed',
        ),
      expect: expectArg,
      expect_gone: expectGoneArg,
      verify_timeout_ms: verifyTimeoutArg,
    })
    .strict(),
  timeoutMs: 60000,
  plan(args, context) {
    const filled = fillInputs(args.text, context.inputs);
    if (filled.unknown.length) {
      return {
        ok: false,
        reply: {
          status: 'invalid_arguments',
          content: `text uses {${filled.unknown.join('}, {')}}, which is not a task input (inputs: ${Object.keys(context.inputs.values).join(', ') || 'none'}). Nothing was typed.`,
        },
      };
    }
    if (!typeable.test(filled.text))
      return {
        ok: false,
        reply: {
          status: 'invalid_arguments',
          content: 'the text (with its inputs filled in) has characters a US keyboard cannot type; nothing was typed.',
        },
      };
    const secret = args.secret || filled.secret;
    const focus = focusedField(context.observation(), context.lastTap());
    if (!focus.ok)
      return {
        ok: false,
        reply: { status: 'not_focused', content: `Not typing: ${focus.message}. Nothing was typed.` },
      };
    if (secret && !focus.secretField) {
      return {
        ok: false,
        reply: {
          status: 'invalid_arguments',
          content: `Not typing a secret into "${focus.field}": secrets go only into a password field (dots) or a field labelled as taking one. Tap the password field first. Nothing was typed.`,
        },
      };
    }
    const rest = args.already_typed
      ? restAfterEstop(filled.text, args.already_typed, secret)
      : args.continue_typing
        ? remainingText(filled.text, secret, context.observation(), focus)
        : { ok: true as const, text: filled.text, note: '' };
    if (!rest.ok) return { ok: false, reply: rest.reply };
    return {
      ok: true,
      plan: {
        action: { kind: 'type', text: rest.text, secret },
        // A secret field shows dots, which OCR does not read: there is nothing honest to check.
        expectation: expectation(args, secret ? { kind: 'none' } : typedShows(filled.text)),
        summary: `type ${secret ? `${rest.text.length} secret characters` : `"${rest.text}"`} into "${focus.field}"${rest.note}`,
        verifyTimeoutMs: args.verify_timeout_ms,
        ...(args.already_typed ? { alreadyTyped: args.already_typed } : {}),
      },
    };
  },
});

const keyNames = KEY_NAMES as unknown as [string, ...string[]];

export const pressKey = defineActionTool({
  name: 'press_key',
  description: `Press one key, optionally with modifiers (e.g. key ENTER, or key "a" with mods ["ctrl"] for select-all). Keys: ${keyNames.join(', ')}, or one printable character. Without \`expect\`, nothing is checked afterwards.`,
  input: z
    .object({
      key: z
        .union([
          z.enum(keyNames),
          z
            .string()
            .length(1)
            .regex(/^[\x20-\x7e]$/),
        ])
        .describe('a key name or one character'),
      mods: z
        .array(z.enum(['ctrl', 'shift', 'alt', 'gui']))
        .max(4)
        .default([])
        .describe('modifiers held while pressing'),
      expect: expectArg,
      expect_gone: expectGoneArg,
      verify_timeout_ms: verifyTimeoutArg,
    })
    .strict(),
  timeoutMs: 20000,
  plan(args) {
    const combo = [...args.mods, args.key].join('+');
    return {
      ok: true,
      plan: {
        action: { kind: 'key', key: args.key, mods: args.mods },
        expectation: expectation(args, { kind: 'none' }),
        summary: `press ${combo}`,
        verifyTimeoutMs: args.verify_timeout_ms,
      },
    };
  },
});

// The script steps that gesture: swipe, scroll_until_visible, long_press, drag. Their zod
// schemas and types live here and are spliced into task-schema.ts; step-to-call.ts maps each
// onto a gesture tool (src/core/agent/tools/gesture-tools.ts). scroll_until_visible is the one
// that repeats: the script interpreter swipes until its text shows, at most max_swipes times,
// and fails as soon as a swipe no longer moves the content (scroll-until-visible.ts).
import { z } from 'zod';

const text = z.string().min(1).max(400);
const directions = ['up', 'down', 'left', 'right'] as const;
type Direction = (typeof directions)[number];
const places = ['content', 'dialog', 'sheet', 'banner', 'toast', 'title', 'anywhere'] as const;
const common = {
  id: z.string().min(1).max(60).optional(),
  retries: z.number().int().min(0).max(10).optional(),
  timeout_ms: z.number().int().min(100).max(60000).optional(),
};
const placedText = z.union([
  text,
  z.strictObject({ text, in: z.enum(places).optional(), contains: z.boolean().optional() }),
]);
/** A gesture's check: a text that must then show (and where); without it, the screen must change. */
const expects = { expect: z.union([text, z.strictObject({ text, in: z.enum(places).optional() })]).optional() };

type PlacedText = string | { text: string; in?: (typeof places)[number]; contains?: boolean };
interface Expects {
  expect?: string | { text: string; in?: (typeof places)[number] };
}
interface Common {
  id?: string;
  retries?: number;
  timeout_ms?: number;
}

/**
 * swipe: the finger's direction (`swipe: up` unlocks a swipe lock; `swipe: down` with
 * `edge: top` opens the notification shade; `swipe: left` with `from: Bob` swipes a card away),
 * or `swipe: {path: [[x, y], ...]}` in device pixels.
 */
export type SwipeStep = {
  swipe: Direction | { path: [number, number][] };
  from?: string;
  edge?: 'top' | 'bottom' | 'left' | 'right';
  distance?: number;
  duration_ms?: number;
  hold_ms?: number;
} & Expects &
  Common;
/** Scrolls (content direction: down shows what is below) until the text shows; fails when the list stops moving. */
export type ScrollUntilVisibleStep = {
  scroll_until_visible: PlacedText;
  direction?: Direction;
  max_swipes?: number;
  within?: string;
  amount?: 'page' | 'half';
} & Common;
export type LongPressStep = {
  long_press: string;
  occurrence?: number;
  in?: (typeof places)[number];
  duration_ms?: number;
} & Expects &
  Common;
export type DragStep = { drag: string; to: string; hold_ms?: number; duration_ms?: number } & Expects & Common;
export type GestureStep = SwipeStep | ScrollUntilVisibleStep | LongPressStep | DragStep;

export const swipeStepSchema = z.strictObject({
  swipe: z.union([
    z.enum(directions),
    z.strictObject({
      path: z
        .array(z.tuple([z.number().int().min(0), z.number().int().min(0)]))
        .min(2)
        .max(8),
    }),
  ]),
  from: text.optional(),
  edge: z.enum(['top', 'bottom', 'left', 'right']).optional(),
  distance: z.number().min(0.05).max(0.95).optional(),
  duration_ms: z.number().int().min(50).max(3000).optional(),
  hold_ms: z.number().int().min(0).max(1500).optional(),
  ...expects,
  ...common,
});
export const scrollUntilVisibleStepSchema = z.strictObject({
  scroll_until_visible: placedText,
  direction: z.enum(directions).optional(),
  max_swipes: z.number().int().min(1).max(30).optional(),
  within: text.optional(),
  amount: z.enum(['page', 'half']).optional(),
  ...common,
});
export const longPressStepSchema = z.strictObject({
  long_press: text,
  occurrence: z.number().int().min(1).max(10).optional(),
  in: z.enum(places).optional(),
  duration_ms: z.number().int().min(500).max(3000).optional(),
  ...expects,
  ...common,
});
export const dragStepSchema = z.strictObject({
  drag: text,
  to: text,
  hold_ms: z.number().int().min(300).max(1500).optional(),
  duration_ms: z.number().int().min(200).max(2000).optional(),
  ...expects,
  ...common,
});

export const gestureStepSchemas = [
  swipeStepSchema,
  scrollUntilVisibleStepSchema,
  longPressStepSchema,
  dragStepSchema,
] as const;
export const GESTURE_STEP_KINDS = ['swipe', 'scroll_until_visible', 'long_press', 'drag'] as const;
/** Without max_swipes, scroll_until_visible gives up after this many. */
export const DEFAULT_MAX_SWIPES = 10;

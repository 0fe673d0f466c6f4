// Tools that touch the screen with more than a tap: swipe, scroll, long press, drag, and the
// phone's Back and Home. Like the tap tools they only plan: the loop guards what each touch
// would hit (forbidden zones, approval rules, the tap margin at both ends of a drag), journals
// the one ledgered command, sends it and verifies by looking again. A scroll whose content did
// not move is a failed step.
import { z } from 'zod';
import type { Observation } from '../../ports/observer.js';
import { describe, findElements, resolveTarget } from '../../vision/match-elements.js';
import type { Place } from '../../vision/match-elements.js';
import { centreOf, type Box } from '../../vision/screen-model.js';
import { expectArg, expectation, expectChangeArg, expectGoneArg, hitAt, verifyTimeoutArg } from './action-tools.js';
import { expectPlaceFields, placeFields, queryOf, type PlaceArgs } from './place-args.js';
import { qualityNote } from './screen-tools.js';
import { defineActionTool, type ActionPlan, type Expectation, type PlanReply } from './tool.js';
import { paneSwipe, rowSwipe } from './swipe-length.js';

type Point = { x: number; y: number };

/** A finger moving at most this fast (device px/s) leaves a list where the finger left it: no fling. */
const SCROLL_SPEED_PX_PER_S = 1000;
const FLING_MS = 120;
// Kept small: every field here is in every gesture tool's schema the model reads.
const checks = { expect: expectArg, expect_in: expectPlaceFields.expect_in, verify_timeout_ms: verifyTimeoutArg };
const pointArg = z.object({ x: z.number().int().min(0), y: z.number().int().min(0) }).strict();
const directionArg = z
  .enum(['up', 'down', 'left', 'right'])
  .describe(
    'which way the content should go: down shows what is further down (the finger moves up), up shows what is above',
  );

const refuse = (status: 'invalid_arguments' | 'not_found' | 'observation_problem', content: string): PlanReply => ({
  ok: false,
  reply: { status, content },
});

function offScreen(observation: Observation, points: Point[]): string | undefined {
  const { width, height } = observation.screen.deviceSize;
  const bad = points.find((p) => p.x >= width || p.y >= height);
  return bad
    ? `(${bad.x}, ${bad.y}) is outside the ${width}x${height} screen; nothing moved. Use coordinates from read_screen or find_text.`
    : undefined;
}

/** The element a text names (as tap_text finds it), or the reply that explains why not. */
function element(
  observation: Observation,
  text: string,
  args: PlaceArgs & { occurrence?: number },
): { ok: true; box: Box; text: string; where: string; pane: Box } | { ok: false; reply: PlanReply } {
  if (!observation.quality.ok)
    return { ok: false, reply: refuse('observation_problem', `Not touching: ${qualityNote(observation).trim()}`) };
  const resolved = resolveTarget(observation.screen, queryOf(text, args), args.occurrence);
  if (!resolved.ok)
    return {
      ok: false,
      reply: refuse(
        resolved.reason === 'ambiguous' ? 'invalid_arguments' : 'not_found',
        `${resolved.message}. Nothing moved.${resolved.reason === 'not_found' ? ' Call read_screen to see what is there.' : ''}`,
      ),
    };
  const { element: found, region } = resolved.match;
  return {
    ok: true,
    box: found.box,
    text: found.text,
    where: region.kind === 'content' ? '' : ` in the ${describe(region)}`,
    pane: region.box,
  };
}

const rounded = (p: Point): Point => ({ x: Math.round(p.x), y: Math.round(p.y) });

function swipePlan(
  observation: Observation,
  path: Point[],
  durationMs: number,
  holdMs: number | undefined,
  summary: string,
  fallback: ActionPlan['expectation'],
  args: Parameters<typeof expectation>[0] & { verify_timeout_ms?: number },
): PlanReply {
  const device = path.map(rounded);
  const hit = hitAt(observation.screen, device[0]!);
  const endHit = hitAt(observation.screen, device.at(-1)!);
  return {
    ok: true,
    plan: {
      action: {
        kind: 'swipe',
        device,
        durationMs,
        ...(holdMs ? { holdMs } : {}),
        target: hit?.text,
        endTarget: endHit?.text,
        hit,
        endHit,
      },
      expectation: expectation(args, fallback),
      summary,
      verifyTimeoutMs: args.verify_timeout_ms,
    },
  };
}

/** A finger stroke `direction` over `distance` of the screen, from an element, an edge or the middle. */
function strokePath(
  observation: Observation,
  args: {
    direction: 'up' | 'down' | 'left' | 'right';
    from?: string;
    edge?: 'top' | 'bottom' | 'left' | 'right';
    distance: number;
  },
): { ok: true; path: Point[]; what: string } | { ok: false; reply: PlanReply } {
  const { width, height } = observation.screen.deviceSize;
  let start: Point = { x: width / 2, y: height / 2 },
    what = '';
  if (args.from) {
    const found = element(observation, args.from, {});
    if (!found.ok) return found;
    start = centreOf(found.box);
    what = ` from "${found.text}"`;
    // Not from an edge: the swipe's length comes from what is swiped (swipe-length.ts).
    if (!args.edge) {
      const sideways = args.direction === 'left' || args.direction === 'right';
      const path = sideways
        ? rowSwipe(found.pane, start.y, args.direction as 'left' | 'right')
        : paneSwipe(found.pane, start, args.direction as 'up' | 'down', args.distance);
      return { ok: true, path, what: `${what} (${sideways ? 'its row' : 'its pane'})` };
    }
  }
  // An edge swipe starts just inside the glass (the shade is pulled from the very top).
  if (args.edge === 'top') start = { x: start.x, y: Math.round(height * 0.005) };
  if (args.edge === 'bottom') start = { x: start.x, y: Math.round(height * 0.97) };
  if (args.edge === 'left') start = { x: Math.round(width * 0.01), y: start.y };
  if (args.edge === 'right') start = { x: Math.round(width * 0.99), y: start.y };
  if (args.edge) what += ` from the ${args.edge} edge`;
  const along = args.direction === 'up' || args.direction === 'down' ? height : width;
  const sign = args.direction === 'down' || args.direction === 'right' ? 1 : -1;
  const move = sign * along * args.distance;
  const end =
    args.direction === 'up' || args.direction === 'down'
      ? { x: start.x, y: start.y + move }
      : { x: start.x + move, y: start.y };
  const clamped = { x: Math.min(width - 1, Math.max(0, end.x)), y: Math.min(height - 1, Math.max(0, end.y)) };
  return { ok: true, path: [start, clamped].map(rounded), what };
}

export const swipe = defineActionTool({
  name: 'swipe',
  description:
    'Move a finger across the screen in `direction` (up: unlock a swipe lock; down from edge top: the notification shade; left/right from an item: swipe it away), or along `path` (2-8 device-pixel points). Under ~200 ms flings. For scrolling use scroll, to move an item drag. Checks the screen changed, or `expect` appeared.',
  input: z
    .object({
      direction: z.enum(['up', 'down', 'left', 'right']).optional().describe("the finger's way"),
      from: z.string().min(1).max(200).optional().describe('start on this text'),
      edge: z.enum(['top', 'bottom', 'left', 'right']).optional().describe('start at this screen edge'),
      distance: z
        .number()
        .min(0.05)
        .max(0.95)
        .default(0.45)
        .describe(
          'fraction of the screen (from a text going up/down: of its pane; left/right from a text: 60 % of its row)',
        ),
      path: z.array(pointArg).min(2).max(8).optional(),
      duration_ms: z.number().int().min(50).max(3000).default(300),
      hold_ms: z.number().int().min(0).max(1500).optional().describe('rest before moving'),
      in: placeFields.in.describe(
        'the region the finger starts in, named when it appeared unasked (a notification swiped away up on its card); otherwise such a start is refused',
      ),
      ...checks,
    })
    .strict(),
  timeoutMs: 20000,
  plan(args, context) {
    const observation = context.observation();
    let path = args.path,
      what = '';
    if (!path) {
      if (!args.direction)
        return refuse(
          'invalid_arguments',
          'give direction (up, down, left, right) or a path of points; nothing moved.',
        );
      const stroke = strokePath(observation, {
        direction: args.direction,
        from: args.from,
        edge: args.edge,
        distance: args.distance,
      });
      if (!stroke.ok) return stroke.reply;
      path = stroke.path;
      what = ` ${args.direction}${stroke.what}`;
    }
    const outside = offScreen(observation, path);
    if (outside) return refuse('invalid_arguments', outside);
    const [from, to] = [path[0]!, path.at(-1)!];
    return swipePlan(
      observation,
      path,
      args.duration_ms,
      args.hold_ms,
      `swipe${what} (${from.x},${from.y} -> ${to.x},${to.y} in ${args.duration_ms} ms)`,
      { kind: 'screen_changes' },
      args,
    );
  },
});

/**
 * The box a scroll runs in: the region `in` (default the app's content), and with `within` the
 * finger starts on that element (so it is inside the list or pane that holds it, however small).
 */
function scrollArea(
  observation: Observation,
  args: { within?: string; in?: Place },
): { ok: true; box: Box; what: string; start?: Point } | { ok: false; reply: PlanReply } {
  if (args.within) {
    const found = element(observation, args.within, {});
    if (!found.ok) return found;
    const content = observation.screen.regions.find((r) => r.kind === 'content')?.box ?? found.box;
    return { ok: true, box: content, what: ` from "${found.text}"`, start: centreOf(found.box) };
  }
  const kind = args.in && args.in !== 'anywhere' && args.in !== 'title' ? args.in : 'content';
  const region = observation.screen.regions.find((r) => r.kind === kind);
  if (!region)
    return {
      ok: false,
      reply: refuse(
        'not_found',
        `there is no ${kind} region on the screen to scroll; nothing moved. Call read_screen.`,
      ),
    };
  return { ok: true, box: region.box, what: kind === 'content' ? '' : ` in the ${kind}` };
}

/**
 * The finger's path for a scroll, through the middle of the area against the direction: 60 % of
 * its height for a page, 30 % for half (which stays inside a list that fills most of a screen,
 * and moves it less than it shows, so nothing is skipped).
 */
export function scrollPath(
  box: Box,
  direction: 'up' | 'down' | 'left' | 'right',
  amount: 'page' | 'half',
  start?: Point,
): [Point, Point] {
  const span = amount === 'page' ? 0.3 : 0.15;
  const dy = box.height * span,
    dx = box.width * span;
  if (start) {
    const along = direction === 'down' || direction === 'up' ? { x: 0, y: 2 * dy } : { x: 2 * dx, y: 0 };
    const sign = direction === 'down' || direction === 'right' ? -1 : 1;
    return [start, { x: start.x + sign * along.x, y: Math.max(box.y, start.y + sign * along.y) }];
  }
  const c = centreOf(box);
  switch (direction) {
    case 'down':
      return [
        { x: c.x, y: c.y + dy },
        { x: c.x, y: c.y - dy },
      ];
    case 'up':
      return [
        { x: c.x, y: c.y - dy },
        { x: c.x, y: c.y + dy },
      ];
    case 'right':
      return [
        { x: c.x + dx, y: c.y },
        { x: c.x - dx, y: c.y },
      ];
    case 'left':
      return [
        { x: c.x - dx, y: c.y },
        { x: c.x + dx, y: c.y },
      ];
  }
}

export const scroll = defineActionTool({
  name: 'scroll',
  description:
    'Scroll the content (or the pane holding the text `within`, or region `in`) a page or half in `direction` with a slow swipe: it moves as far as the finger. Fails when nothing moved (the end). until_visible: nothing moves if that text already shows.',
  input: z
    .object({
      direction: directionArg.default('down'),
      amount: z.enum(['page', 'half']).default('page'),
      within: z.string().min(1).max(200).optional(),
      in: placeFields.in,
      fling: z.boolean().default(false).describe('a fast flick that carries on'),
      until_visible: z.string().min(1).max(200).optional(),
      until_contains: z.boolean().optional(),
      verify_timeout_ms: verifyTimeoutArg,
    })
    .strict(),
  timeoutMs: 20000,
  plan(args, context) {
    const observation = context.observation();
    if (!observation.quality.ok)
      return refuse('observation_problem', `Not scrolling: ${qualityNote(observation).trim()}`);
    const wanted = args.until_visible
      ? { text: args.until_visible, ...(args.until_contains ? { contains: true } : {}) }
      : undefined;
    if (wanted && findElements(observation.screen, wanted).matches.length) {
      return {
        ok: false,
        reply: { status: 'ok', content: `"${args.until_visible}" is already on the screen; nothing moved.` },
      };
    }
    const area = scrollArea(observation, args);
    if (!area.ok) return area.reply;
    const path = scrollPath(area.box, args.direction, args.amount, area.start);
    const distance = Math.hypot(path[1].x - path[0].x, path[1].y - path[0].y);
    const durationMs = args.fling ? FLING_MS : Math.max(250, Math.round((distance / SCROLL_SPEED_PX_PER_S) * 1000));
    // Verified by the content moving, whether or not the text has come yet: a scroll that moved
    // nothing failed (the end of the list); one that moved did its job.
    return swipePlan(
      observation,
      path,
      durationMs,
      undefined,
      `${args.fling ? 'fling' : 'scroll'} ${args.direction}${area.what} (swipe ${Math.round(path[0].x)},${Math.round(path[0].y)} -> ${Math.round(path[1].x)},${Math.round(path[1].y)} in ${durationMs} ms)`,
      { kind: 'screen_changes' },
      { verify_timeout_ms: args.verify_timeout_ms },
    );
  },
});

export const longPress = defineActionTool({
  name: 'long_press',
  description:
    'Press and hold `text` (matched as tap_text does) or point x, y for duration_ms: opens a context menu, selects. Checks the screen changed, or `expect` appeared.',
  input: z
    .object({
      text: z.string().min(1).max(200).optional(),
      x: z.number().int().min(0).optional(),
      y: z.number().int().min(0).optional(),
      occurrence: z.number().int().min(1).max(10).optional(),
      in: placeFields.in,
      duration_ms: z.number().int().min(500).max(3000).default(800),
      ...checks,
    })
    .strict(),
  timeoutMs: 20000,
  plan(args, context) {
    const observation = context.observation();
    let point: Point, label: string, aimBox: Box | undefined;
    if (args.text) {
      const found = element(observation, args.text, args);
      if (!found.ok) return found.reply;
      point = rounded(centreOf(found.box));
      label = `"${found.text}"${found.where}`;
      aimBox = found.box;
    } else if (args.x !== undefined && args.y !== undefined) {
      const outside = offScreen(observation, [{ x: args.x, y: args.y }]);
      if (outside) return refuse('invalid_arguments', outside);
      point = { x: args.x, y: args.y };
      label = `${point.x},${point.y}`;
    } else return refuse('invalid_arguments', 'give text (what to press) or both x and y; nothing moved.');
    const hit = hitAt(observation.screen, point);
    return {
      ok: true,
      plan: {
        action: { kind: 'long_press', device: point, durationMs: args.duration_ms, target: hit?.text, hit },
        expectation: expectation(args, { kind: 'screen_changes' }),
        summary: `long press on ${label} at ${point.x},${point.y} for ${args.duration_ms} ms`,
        verifyTimeoutMs: args.verify_timeout_ms,
        ...(aimBox ? { aimBox } : {}),
      },
    };
  },
});

export const drag = defineActionTool({
  name: 'drag',
  description:
    'Press the item `from` (its text), hold to pick it up, move onto `to` (a text, or to_x, to_y) and let go: reorders a list, drops into a folder. Checks that `from` then shows past `to` (or that the screen changed, for a point), or `expect` appeared.',
  input: z
    .object({
      from: z.string().min(1).max(200),
      to: z.string().min(1).max(200).optional(),
      to_x: z.number().int().min(0).optional(),
      to_y: z.number().int().min(0).optional(),
      hold_ms: z.number().int().min(300).max(1500).default(700).describe('the pick-up'),
      duration_ms: z.number().int().min(200).max(2000).default(600),
      ...checks,
    })
    .strict(),
  timeoutMs: 20000,
  plan(args, context) {
    const observation = context.observation();
    const picked = element(observation, args.from, {});
    if (!picked.ok) return picked.reply;
    let drop: Point, where: string;
    // Dropped onto a text, the item must then show on the far side of it (a reorder): that, not
    // any change of the screen, is the drag's effect. A drop on a point can only check a change.
    let moved: Expectation = { kind: 'screen_changes' };
    if (args.to) {
      const target = element(observation, args.to, {});
      if (!target.ok) return target.reply;
      drop = rounded(centreOf(target.box));
      where = `"${target.text}"`;
      const side = drop.y > centreOf(picked.box).y ? 'below' : 'above';
      moved = { kind: 'text_appears', text: picked.text, where: { [side]: target.text } };
    } else if (args.to_x !== undefined && args.to_y !== undefined) {
      drop = { x: args.to_x, y: args.to_y };
      where = `${drop.x},${drop.y}`;
    } else return refuse('invalid_arguments', 'give to (the text to drop onto) or both to_x and to_y; nothing moved.');
    const start = rounded(centreOf(picked.box));
    const outside = offScreen(observation, [drop]);
    if (outside) return refuse('invalid_arguments', outside);
    // A midpoint so the move is a path, not a jump: the phone sees the item travel.
    const middle = { x: (start.x + drop.x) / 2, y: (start.y + drop.y) / 2 };
    return swipePlan(
      observation,
      [start, middle, drop],
      args.duration_ms,
      args.hold_ms,
      `drag "${picked.text}" from ${start.x},${start.y} to ${where} at ${drop.x},${drop.y}`,
      moved,
      args,
    );
  },
});

/** Android reads Esc as Back and Meta+Esc as Home from a USB keyboard (its fallback key map). */
export const back = defineActionTool({
  name: 'back',
  description:
    "The phone's Back (closes a dialog, menu or the shade, else the previous screen), sent as Esc. Checks the screen changed, or `expect` appeared.",
  input: z.object({ expect: expectArg }).strict(),
  timeoutMs: 20000,
  plan(args) {
    return {
      ok: true,
      plan: {
        action: { kind: 'key', key: 'ESC', mods: [] },
        expectation: expectation(args, { kind: 'screen_changes' }),
        summary: 'Back (Esc)',
      },
    };
  },
});

export const home = defineActionTool({
  name: 'home',
  description:
    "The phone's Home, sent as Meta+Esc. Checks the screen changed (expect_change false when already home), or `expect` appeared.",
  input: z.object({ expect: expectArg, expect_change: expectChangeArg }).strict(),
  timeoutMs: 20000,
  plan(args) {
    return {
      ok: true,
      plan: {
        action: { kind: 'key', key: 'ESC', mods: ['gui'] },
        expectation: expectation(args, { kind: 'screen_changes' }),
        summary: 'Home (Meta+Esc)',
      },
    };
  },
});

export const GESTURE_TOOLS = [swipe, scroll, longPress, drag, back, home] as const;

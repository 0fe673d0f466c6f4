// The Maestro commands that touch, type and look, each onto our tools: a tap at the element's
// centre (tap_point), typing by the USB keyboard (type_text), keys, swipes and scrolls, with
// Maestro's defaults. Each tool call goes through the agent loop like any step of ours. Pure.
import { keyFor } from './key-map.js';
import { randomInput } from './random-text.js';
import {
  LOOKUP_TIMEOUT_MS,
  MaestroFailure,
  OPTIONAL_LOOKUP_TIMEOUT_MS,
  type Program,
  type RunContext,
} from './run-context.js';
import { describeSelector, parsePoint, resolveSelector, type Selector } from './selector.js';

type Args = Record<string, unknown>;
const asMap = (value: unknown): Args => (value && typeof value === 'object' ? (value as Args) : {});
/** Maestro's swipe takes 400 ms unless told. */
const SWIPE_MS = 400;
/** waitForAnimationToEnd looks for a still screen this long at most, then goes on (it never fails). */
const ANIMATION_TIMEOUT_MS = 15000;
const STILL_MS = 500;
const LONG_PRESS_MS = 3000;
/** A field whose label says it takes a secret (as the typing tool judges it). */
const SECRET_LABEL = /\b(password|passcode|passphrase|pin|secret|security code)\b/i;
const inside = (p: { x: number; y: number }, box: { x: number; y: number; width: number; height: number }) =>
  p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;

export const lookupTimeout = (args: unknown): number =>
  asMap(args).optional === true ? OPTIONAL_LOOKUP_TIMEOUT_MS : LOOKUP_TIMEOUT_MS;

/** A command's selector: the value itself (a text) or its map. */
export const selectorOf = (args: unknown): Selector =>
  typeof args === 'string' || typeof args === 'number' ? String(args) : (asMap(args) as Selector);

/** tapOn, doubleTapOn, longPressOn. */
export async function* tapCommand(ctx: RunContext, name: string, args: unknown): Program {
  const map = asMap(args);
  const found = yield* ctx.find(selectorOf(args), lookupTimeout(args));
  if (!found.ok) throw new MaestroFailure(found.message);
  const { x, y } = found.point;
  if (name === 'longPressOn') {
    yield* ctx.must('long_press', { x, y, duration_ms: LONG_PRESS_MS, verify_timeout_ms: 500 }, ['verify_failed']);
    return;
  }
  const times = name === 'doubleTapOn' ? 2 : Math.max(1, Number(map.repeat ?? 1));
  const delay = Number(map.delay ?? (name === 'doubleTapOn' ? 0 : 100));
  for (let i = 0; i < times; i++) {
    if (i > 0 && delay > 0) yield* ctx.pause(delay);
    yield* tapOnce(ctx, x, y, map.retryTapIfNoChange === true);
  }
}

/** One tap; with retryTapIfNoChange, a second one only when the first changed nothing. */
async function* tapOnce(ctx: RunContext, x: number, y: number, retryIfNoChange: boolean): Program {
  ctx.lastTap = { x, y };
  const first = yield* ctx.call('tap_point', { x, y, expect_change: retryIfNoChange });
  if (first.status === 'ok') return;
  if (retryIfNoChange && first.status === 'verify_failed') {
    const again = yield* ctx.call('tap_point', { x, y, expect_change: false }, true);
    if (again.status === 'ok') return;
  }
  throw new MaestroFailure(`tap at ${x},${y}: ${first.status}: ${first.content.split('\n')[0]}`);
}

export async function* assertCommand(ctx: RunContext, visible: boolean, args: unknown, timeoutMs?: number): Program {
  const selector = selectorOf(args);
  const limit = timeoutMs ?? lookupTimeout(args);
  if (visible) {
    const found = yield* ctx.find(selector, limit);
    if (!found.ok)
      throw new MaestroFailure(`Assertion is false: "${describeSelector(selector)}" is visible (${found.message})`);
    return;
  }
  const since = ctx.now();
  while (resolveSelector(ctx.observation().screen, selector).ok) {
    const left = limit - (ctx.now() - since);
    if (left <= 0) throw new MaestroFailure(`Assertion is false: "${describeSelector(selector)}" is not visible`);
    yield* ctx.look(Math.min(left, 3000));
  }
}

export async function* typeCommand(ctx: RunContext, name: string, args: unknown): Program {
  const map = asMap(args);
  let text: string;
  if (name === 'inputText') text = String(typeof args === 'object' && args ? map.text : args);
  else if (name === 'pasteText') {
    if (ctx.copiedText === undefined) throw new MaestroFailure('pasteText: nothing was copied (copyTextFrom first)');
    text = ctx.copiedText;
  } else text = randomInput(name, map.length === undefined ? undefined : Number(map.length), ctx.options.random);
  // A password field shows dots: the text is typed as a secret (kept out of the record, and not
  // looked for on the screen, where it cannot show).
  const secret = ctx
    .observation()
    .screen.elements.some(
      (e) =>
        e.kind === 'field' &&
        (e.state.focused || (ctx.lastTap !== undefined && inside(ctx.lastTap, e.box))) &&
        (e.state.secret || SECRET_LABEL.test(e.text)),
    );
  yield* ctx.must('type_text', { text, ...(secret ? { secret: true } : {}) });
}

export async function* eraseCommand(ctx: RunContext, args: unknown): Program {
  const count = typeof args === 'number' ? args : Number(asMap(args).charactersToErase ?? 50);
  for (let i = 0; i < count; i++) yield* ctx.must('press_key', { key: 'BACKSPACE' });
}

export async function* keyCommand(ctx: RunContext, args: unknown): Program {
  const name = typeof args === 'string' ? args : String(asMap(args).key);
  const key = keyFor(name);
  if (!key.ok) throw new MaestroFailure(key.message);
  if (key.tool === 'press_key') yield* ctx.must('press_key', { key: key.key });
  else yield* ctx.must(key.tool, {}, ['verify_failed']);
}

export async function* hideKeyboard(ctx: RunContext): Program {
  if (ctx.observation().screen.regions.some((r) => r.kind === 'keyboard'))
    yield* ctx.must('back', {}, ['verify_failed']);
}

const direction = (value: unknown, fallback: string) => String(value ?? fallback).toLowerCase();

export async function* swipeCommand(ctx: RunContext, args: unknown): Program {
  const map = asMap(args);
  const duration = Number(map.duration ?? SWIPE_MS);
  const size = ctx.observation().screen.deviceSize;
  if (map.start !== undefined && map.end !== undefined) {
    const start = parsePoint(String(map.start), size);
    const end = parsePoint(String(map.end), size);
    if (!start.ok || !end.ok)
      throw new MaestroFailure(`swipe: ${!start.ok ? start.message : (end as { message: string }).message}`);
    yield* ctx.must('swipe', { path: [start.point, end.point], duration_ms: duration }, ['verify_failed']);
    return;
  }
  const way = direction(map.direction ?? (typeof args === 'string' ? args : undefined), 'up');
  if (!['up', 'down', 'left', 'right'].includes(way))
    throw new MaestroFailure(`swipe: direction ${way} is not UP, DOWN, LEFT or RIGHT`);
  if (map.from !== undefined) {
    const found = yield* ctx.find(selectorOf(map.from), lookupTimeout(args));
    if (!found.ok) throw new MaestroFailure(found.message);
    const along = way === 'up' || way === 'down' ? size.height : size.width;
    const move = (way === 'up' || way === 'left' ? -1 : 1) * Math.round(along * 0.4);
    const end =
      way === 'up' || way === 'down'
        ? { x: found.point.x, y: found.point.y + move }
        : { x: found.point.x + move, y: found.point.y };
    const clamped = {
      x: Math.min(size.width - 1, Math.max(0, end.x)),
      y: Math.min(size.height - 1, Math.max(0, end.y)),
    };
    yield* ctx.must('swipe', { path: [found.point, clamped], duration_ms: duration }, ['verify_failed']);
    return;
  }
  yield* ctx.must('swipe', { direction: way, duration_ms: duration }, ['verify_failed']);
}

export async function* scrollOnce(ctx: RunContext): Program {
  yield* ctx.must('scroll', { direction: 'down', amount: 'page' }, ['verify_failed']);
}

/** Until two looks in a row show no change (the camera's frame difference), or the timeout; never fails. */
export async function* waitForAnimation(ctx: RunContext, args: unknown): Program {
  const limit = Number(asMap(args).timeout ?? ANIMATION_TIMEOUT_MS);
  const since = ctx.now();
  while (ctx.now() - since < limit) {
    const look = yield* ctx.look(STILL_MS);
    if (look.status === 'not_found') return;
  }
}

export async function* copyTextFrom(ctx: RunContext, args: unknown): Program {
  const found = yield* ctx.find(selectorOf(args), lookupTimeout(args));
  if (!found.ok || !found.element)
    throw new MaestroFailure(found.ok ? 'copyTextFrom needs an element, not a point' : found.message);
  ctx.copiedText = found.element.text;
  await ctx.sandbox.setGlobal('maestro', {
    copiedText: found.element.text,
    platform: ctx.options.platform.toLowerCase(),
  });
}

export async function* screenshot(ctx: RunContext, args: unknown): Program {
  const raw = typeof args === 'string' ? args : String(asMap(args).path ?? 'screenshot');
  const name =
    raw
      .toLowerCase()
      .replace(/\.png$/, '')
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+/, '')
      .slice(0, 48) || 'screenshot';
  yield* ctx.must('take_screenshot', { name });
}

// Maestro's scrollUntilVisible on the screen model: scrolls (direction, default down) until the
// element shows, for up to `timeout` (20 s), failing when the content stops moving (the end of the
// list). A list's end is known from the list, not from one swipe: a swipe whose verify window proved
// the screen unchanged (a lost gesture, no effect: safe to send again) is sent once more, declared a
// retry; two in a row that moved nothing are the end. A swipe that moved nothing while something
// else changed is not repeated. What the camera can honestly judge of Maestro's options:
// - visibilityPercentage (default 100): the share of the element's box inside the app's content
//   area (not under the status or navigation bar or the keyboard). What the camera reads is the
//   visible part of a text, so a text cut by the screen's edge reads short or not at all.
// - centerElement: once found, half-page scrolls (at most 3) until the element's centre is in the
//   middle third of the content area; the end of the list stops them (it is then as central as
//   the list lets it be).
// - speed (0-100, default 40): Maestro's swipe duration, 1000 * (100 - speed) / 100 + 1 ms, for
//   one page swipe; without it the scroll tool's slow swipe moves the content as far as the finger.
// Pure.
import { scrollPath } from '../agent/tools/gesture-tools.js';
import type { Box } from '../vision/screen-model.js';
import type { ToolOutcome } from '../agent/types.js';
import { MaestroFailure, type Program, type RunContext } from './run-context.js';
import { describeSelector, resolveSelector, type Selector } from './selector.js';

type Args = Record<string, unknown>;
type Way = 'up' | 'down' | 'left' | 'right';
/** scrollUntilVisible gives up after 20 s unless told. */
const SCROLL_UNTIL_VISIBLE_MS = 20000;
const MAX_CENTRING_SCROLLS = 3;

export async function* scrollUntilVisible(ctx: RunContext, selector: Selector, map: Args): Program {
  const way = String(map.direction ?? 'down').toLowerCase() as Way;
  if (!['up', 'down', 'left', 'right'].includes(way))
    throw new MaestroFailure(`scrollUntilVisible: direction ${way} is not UP, DOWN, LEFT or RIGHT`);
  const limit = Number(map.timeout ?? SCROLL_UNTIL_VISIBLE_MS);
  const share = Number(map.visibilityPercentage ?? 100) / 100;
  const since = ctx.now();
  let swipes = 0;
  let lost: ToolOutcome | undefined;
  while (!visibleEnough(ctx, selector, share)) {
    if (ctx.now() - since >= limit)
      throw new MaestroFailure(
        `Element not found: ${describeSelector(selector)} (scrolled ${way} ${swipes} times in ${limit} ms)`,
      );
    const outcome = yield* scrollPage(ctx, way, map.speed, 'page', lost !== undefined);
    swipes++;
    if (outcome.status === 'ok') {
      lost = undefined;
      continue;
    }
    if (!lost && outcome.unchangedWindow) {
      lost = outcome;
      continue;
    }
    throw new MaestroFailure(
      `Element not found: ${describeSelector(selector)} (the content stopped moving after ${swipes} scrolls ${way}${lost ? ', the last two moved nothing' : ''})`,
    );
  }
  if (map.centerElement === true) yield* centre(ctx, selector, way, map.speed);
}

/** The element is on the screen with at least `share` of its box inside the content area. */
function visibleEnough(ctx: RunContext, selector: Selector, share: number): boolean {
  const found = resolveSelector(ctx.observation().screen, selector);
  if (!found.ok) return false;
  if (!found.element) return true;
  const content = contentBox(ctx);
  return !content || insideShare(found.element.box, content) >= share - 1e-9;
}

function contentBox(ctx: RunContext): Box | undefined {
  return ctx.observation().screen.regions.find((r) => r.kind === 'content')?.box;
}

export function insideShare(box: Box, area: Box): number {
  const w = Math.max(0, Math.min(box.x + box.width, area.x + area.width) - Math.max(box.x, area.x));
  const h = Math.max(0, Math.min(box.y + box.height, area.y + area.height) - Math.max(box.y, area.y));
  return box.width * box.height > 0 ? (w * h) / (box.width * box.height) : 1;
}

/** Half-page scrolls until the element's centre is in the middle third of the content (along the scroll). */
async function* centre(ctx: RunContext, selector: Selector, way: Way, speed: unknown): Program {
  for (let i = 0; i < MAX_CENTRING_SCROLLS; i++) {
    const found = resolveSelector(ctx.observation().screen, selector);
    const content = contentBox(ctx);
    if (!found.ok || !content) return;
    const vertical = way === 'up' || way === 'down';
    const at = vertical ? found.point.y - content.y : found.point.x - content.x;
    const span = vertical ? content.height : content.width;
    const forward = way === 'down' || way === 'right';
    // Scrolling down moves the content up: an element in the last third comes to the middle.
    if (forward ? at <= (span * 2) / 3 : at >= span / 3) return;
    if ((yield* scrollPage(ctx, way, speed, 'half')).status !== 'ok') return;
  }
}

/**
 * One scroll: its outcome, verify_failed when the content did not move. `again`: the same scroll
 * after one that moved nothing, declared a retry (the repeat guard lets one through).
 */
async function* scrollPage(
  ctx: RunContext,
  way: Way,
  speed: unknown,
  amount: 'page' | 'half',
  again = false,
): Program<ToolOutcome> {
  const content = contentBox(ctx);
  const [name, args] =
    speed === undefined || !content
      ? ['scroll', { direction: way, amount }]
      : [
          'swipe',
          {
            path: scrollPath(content, way, amount),
            duration_ms: Math.min(3000, Math.max(50, Math.round((1000 * (100 - Number(speed))) / 100) + 1)),
          },
        ];
  return yield* ctx.must(name, args, ['verify_failed'], again);
}

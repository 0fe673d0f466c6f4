// launchApp, stopApp and killApp by the screen, as a person does it: Recents (Meta+Tab, which
// Android reads from a USB keyboard as its Recents key), the app's card found by its label and
// swiped up; Home, then the app's label on the home screen or in the app drawer (a swipe up). The
// label is not the appId: it comes from the env's APP_LABEL. A phone that shows no recents screen,
// or an app whose card cannot be found, is said so in the run's notes and the journal: the app is
// then left with Home, and never reported closed. Pure.
import { MaestroFailure, whereOf, type Program, type RunContext } from './run-context.js';
import type { MaestroCommand } from './flow-model.js';

/** What only a recents screen shows: its clear button (Pixel, Samsung) or its empty message. */
const RECENTS_SCREEN = 'Clear all|Close all|No recent items';
const RECENTS_BUTTON = 'Clear all|Close all';
const EMPTY_RECENTS = 'No recent items';
/** How long the recents screen may take to show after Meta+Tab. */
const RECENTS_WAIT_MS = 4000;
/** How long a swiped card may take to leave. */
const CARD_GONE_MS = 4000;

/** A step's outcome in words: in the flow's notes (report, JUnit) and the journal. */
async function* say(ctx: RunContext, text: string): Program {
  ctx.notes.push(text);
  yield* ctx.call('write_note', { name: `app-${ctx.notes.length}`, text });
}

/** stopApp / killApp: the app's card swiped away in recents, then Home. */
export async function* stopApp(ctx: RunContext, command: MaestroCommand): Program {
  const where = `${whereOf(command)} ${command.name}`;
  const label = ctx.options.appLabel;
  yield* ctx.must('press_key', { key: 'TAB', mods: ['gui'] });
  const recents = yield* ctx.find(RECENTS_SCREEN, RECENTS_WAIT_MS);
  if (!recents.ok)
    return yield* leftWithHome(ctx, `${where}: no recents screen showed after Meta+Tab (this phone has none)`);
  if (ctx.visibleNow(EMPTY_RECENTS)) {
    yield* say(ctx, `${where}: recents shows no app: nothing was running to close`);
    return void (yield* ctx.must('home', {}, ['verify_failed']));
  }
  if (!label)
    return yield* leftWithHome(ctx, `${where}: no APP_LABEL (--env APP_LABEL=...) to find the app's card in recents`);
  const card = yield* ctx.find(label, RECENTS_WAIT_MS);
  if (!card.ok) {
    yield* say(ctx, `${where}: "${label}" has no card in recents: it was not running`);
    return void (yield* ctx.must('home', {}, ['verify_failed']));
  }
  const { height } = ctx.observation().screen.deviceSize;
  // The card is under its name: the finger starts on the card's body and goes to the top.
  const start = { x: card.point.x, y: Math.min(Math.round(card.point.y + height * 0.2), Math.round(height * 0.8)) };
  yield* ctx.must('swipe', { path: [start, { x: start.x, y: Math.round(height * 0.05) }], duration_ms: 300 }, [
    'verify_failed',
  ]);
  if (!(yield* cardGone(ctx, label)))
    throw new MaestroFailure(
      `the card of "${label}" is still in recents after it was swiped up: the app was not closed`,
    );
  yield* say(ctx, `${where}: "${label}" closed from recents (its card swiped away)`);
  yield* ctx.must('home', {}, ['verify_failed']);
}

/** The card has left: its label is gone from recents, recents is empty, or recents closed itself. */
async function* cardGone(ctx: RunContext, label: string): Program<boolean> {
  const since = ctx.now();
  for (;;) {
    if (!ctx.visibleNow(label) || ctx.visibleNow(EMPTY_RECENTS) || !ctx.visibleNow(RECENTS_BUTTON)) return true;
    const left = CARD_GONE_MS - (ctx.now() - since);
    if (left <= 0) return false;
    yield* ctx.look(left);
  }
}

async function* leftWithHome(ctx: RunContext, why: string): Program {
  yield* say(ctx, `${why}: the app was left with Home, not closed`);
  yield* ctx.must('home', {}, ['verify_failed']);
}

/** The app a launchApp means, in words: the command's appId, else the flow's, else says there is none. */
function appNamed(ctx: RunContext, map: Record<string, unknown>): string {
  const id = typeof map.appId === 'string' && map.appId ? map.appId : ctx.options.appId;
  return id ? `(appId ${id})` : "(no appId: neither the command nor the flow's header names one)";
}

/** A few of the screen's texts, for a failure to say what the bench saw instead. */
function shownTexts(ctx: RunContext): string {
  const texts = ctx
    .observation()
    .screen.lines.map((line) => line.text.trim())
    .filter(Boolean);
  if (!texts.length) return 'no text';
  const few = texts.slice(0, 6).map((text) => `"${text}"`);
  return `${few.join(', ')}${texts.length > few.length ? ` and ${texts.length - few.length} more lines` : ''}`;
}

/** launchApp: (unless stopApp: false, Maestro's default) the app closed first, then Home and its label tapped. */
export async function* launchApp(ctx: RunContext, command: MaestroCommand, map: Record<string, unknown>): Program {
  const label = ctx.options.appLabel;
  const app = appNamed(ctx, map);
  if (!label)
    throw new MaestroFailure(
      `launchApp ${app}: this bench starts an app as a person does, by tapping its label on the home screen (an appId is not on the screen, and there is no driver on the phone to start it by id); no label was given: pass --env APP_LABEL="the label under the icon", or set APP_LABEL under env: in the flow's header`,
    );
  if (map.stopApp !== false) yield* stopApp(ctx, command);
  else yield* ctx.must('home', {}, ['verify_failed']);
  let found = yield* ctx.find(label, 3000);
  if (!found.ok) {
    yield* ctx.must('swipe', { direction: 'up' }, ['verify_failed']);
    found = yield* ctx.find(label, 5000);
  }
  if (!found.ok)
    throw new MaestroFailure(
      `launchApp ${app}: looked for its label "${label}" on the home screen (after Home) and in the app drawer (a swipe up), and it is not there; the screen shows ${shownTexts(ctx)}. If the phone shows no home screen (a kiosk or a locked launcher), go there first; else pass --env APP_LABEL="the label exactly as under the icon"`,
    );
  yield* ctx.must('tap_point', { ...found.point, expect_change: true });
}

// The screen model's roles against the recorded real apps' view trees (real-screens-truth.ts):
// each view of a role class (Button, EditText, Switch/CheckBox) found when an element of that
// kind belongs to it; the other way round, elements given a role where no view of that role is
// (false roles; an icon button, ImageButton, is a button view there, and its own figure apart,
// counting only those that draw something: an ImageButton that draws nothing is counted apart); a
// dialog screen against a dialog region, and a toggle's state against the view's.
// Truth the picture cannot be held to is left out, and said so in the labels: a screen whose view
// tree was not kept has no role truth at all; on a dialog screen the view tree holds only the
// dialog's window, so elements outside it (the dimmed page behind) are not counted as false; a
// popup menu (a window narrower than the display but not centred in it, anchored to the button
// that opened it, with no scrim) is counted apart from dialogs.
import type { ScreenModel } from '../../src/core/vision/screen-model.js';
import { ROLE_OF_CLASS, type RealScreen } from './real-screens-truth.js';

type Role = 'button' | 'field' | 'toggle';
/** A dialog's window is centred on the display (Android centres a Dialog); 8 px for rounding. */
const CENTRED_WITHIN = 8;

export function windowKind(screen: RealScreen): 'screen' | 'dialog' | 'popup' {
  const [x0, , x1] = screen.window;
  if (x1 - x0 >= screen.width) return 'screen';
  return Math.abs(x0 - (screen.width - x1)) <= CENTRED_WITHIN ? 'dialog' : 'popup';
}

export function roleFigures(screens: RealScreen[], models: ScreenModel[], how: string): Record<string, unknown> {
  const counts = new Map<string, { found: number; total: number; asText: number }>();
  const wrong = new Map<string, { none: number; total: number }>();
  const states = { right: 0, total: 0 };
  const count = (kind: string, found: boolean, asText = false) => {
    const entry = counts.get(kind) ?? { found: 0, total: 0, asText: 0 };
    entry.total++;
    if (found) entry.found++;
    else if (asText) entry.asText++;
    counts.set(kind, entry);
  };
  let withoutTree = 0,
    blankIcons = 0;
  screens.forEach((screen, index) => {
    const model = models[index]!;
    const kindOfWindow = windowKind(screen);
    if (kindOfWindow !== 'screen')
      count(
        kindOfWindow === 'dialog' ? 'dialog' : 'popup menu',
        model.regions.some((region) => region.kind === 'dialog' || region.kind === 'sheet'),
      );
    if (!screen.viewTree) {
      withoutTree++;
      return;
    }
    blankIcons += screen.blankIconButtons.length;
    for (const view of screen.iconButtons) {
      const found = model.elements.some((element) => element.kind === 'button' && belongs(element.box, view));
      count('icon button', found);
      if (!found)
        miss(
          'icon button missed',
          screen,
          view,
          model.elements.filter((element) => belongs(element.box, view)),
        );
    }
    for (const view of screen.roleViews) {
      const kind = ROLE_OF_CLASS(view.viewClass)!;
      const inView = model.elements.filter((element) => belongs(element.box, view.box));
      const match = inView.find((element) => roleOf(element.kind) === kind);
      count(kind, match !== undefined, inView.length > 0);
      if (!match) miss(`${kind} missed`, screen, view.box, inView);
      if (match && kind === 'toggle' && view.checked !== undefined) {
        states.total++;
        if (match.state.checked === view.checked) states.right++;
      }
    }
    for (const element of model.elements) {
      const kind = roleOf(element.kind);
      if (!kind || (kindOfWindow !== 'screen' && !belongs(element.box, screen.window))) continue;
      const entry = wrong.get(kind) ?? { none: 0, total: 0 };
      entry.total++;
      const views = [
        ...screen.roleViews.filter((view) => ROLE_OF_CLASS(view.viewClass) === kind).map((view) => view.box),
        ...(kind === 'button' ? [...screen.iconButtons, ...screen.blankIconButtons] : []),
      ];
      if (!views.some((view) => belongs(element.box, view))) {
        entry.none++;
        miss(
          `false ${kind}`,
          screen,
          [element.box.x, element.box.y, element.box.x + element.box.width, element.box.y + element.box.height],
          [element],
        );
      }
      wrong.set(kind, entry);
    }
  });
  const figures: Record<string, unknown> = {};
  const label = `roles (${how}${withoutTree ? `; ${withoutTree} screens without a kept view tree left out` : ''})`;
  for (const [kind, { found, total, asText }] of counts)
    figures[
      `${label}: ${kind} views found as ${kind === 'popup menu' ? 'a panel' : kind}${kind === 'icon button' ? ICON_BUTTONS : ''}`
    ] =
      `${found} of ${total}${asText ? ` (${asText} more read, as another kind)` : ''}${kind === 'icon button' ? `; ${blankIcons} that draw nothing left out` : ''}`;
  for (const [kind, { none, total }] of wrong)
    figures[`${label}: ${kind} elements where no ${kind} view is (inside a dialog's window)`] = `${none} of ${total}`;
  if (states.total) figures[`${label}: toggle states as the view's`] = `${states.right} of ${states.total}`;
  return figures;
}

/** What the icon-button figure counts. */
const ICON_BUTTONS =
  " (ImageButton views that draw an icon, a list row's menu included; one that draws nothing in the screenshot is counted apart)";

/**
 * With BENCHHAND_REAL_ROLE_MISSES=1 each miss and false role is printed (to stderr): the screen,
 * the view's box and what the model made of it, to see which class of control is lost and why.
 */
function miss(
  what: string,
  screen: RealScreen,
  box: readonly number[],
  elements: { kind: string; text?: string; box: { x: number; y: number; width: number; height: number } }[],
): void {
  if (process.env.BENCHHAND_REAL_ROLE_MISSES !== '1') return;
  const found = elements.map(
    (e) => `${e.kind} "${e.text ?? ''}" @${e.box.x},${e.box.y} ${e.box.width}x${e.box.height}`,
  );
  process.stderr.write(`${what}: ${screen.app}/${screen.tag} [${box.join(',')}] -> ${found.join('; ') || 'nothing'}\n`);
}

/** The element kind's role as the view classes name it (a checkbox is a toggle there). */
function roleOf(kind: string): Role | undefined {
  if (kind === 'checkbox' || kind === 'toggle') return 'toggle';
  return kind === 'button' || kind === 'field' ? kind : undefined;
}

/**
 * An element belongs to a view when its centre is inside the view, or the view's centre inside
 * it: a switch drawn apart from its label is one toggle element with the label, wider than the
 * Switch view.
 */
function belongs(element: { x: number; y: number; width: number; height: number }, view: readonly number[]): boolean {
  const [x0, y0, x1, y1] = view as [number, number, number, number];
  const cx = element.x + element.width / 2,
    cy = element.y + element.height / 2;
  const vx = (x0 + x1) / 2,
    vy = (y0 + y1) / 2;
  return (
    (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1) ||
    (vx >= element.x && vx <= element.x + element.width && vy >= element.y && vy <= element.y + element.height)
  );
}

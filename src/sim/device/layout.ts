// Composes the whole view of the device at its current moment: app screen (or its loading
// placeholder), then notification, toast, dialog over a dimmed scrim, or the lock screen.
import { interpolate } from './conditions.js';
import {
  clockText,
  navigationBarDp,
  placeLoading,
  placeLockScreen,
  placeNavigationBar,
  placeNotification,
  placePointerLocation,
  placeStatusBar,
  placeToast,
  statusBarDp,
} from './layout-chrome.js';
import { placeSystemScreen } from './layout-launcher.js';
import { placeShade } from './layout-shade.js';
import { placeElements, type ElementContext } from './layout-elements.js';
import { Painter, type Focusable } from './painter.js';
import type { DeviceFile } from './schema.js';
import type { DeviceState } from './state.js';
import { palettes, pixelsPerDp } from './theme.js';
import { intersects, type View } from './view.js';

export interface LaidOutView extends View {
  focusables: Focusable[];
}

export function layoutView(file: DeviceFile, state: DeviceState): LaidOutView {
  const { width, height } = file.resolution;
  const p = new Painter(pixelsPerDp(width), palettes[file.theme], width, height);
  const clock = clockText(file.clock, state.now);
  if (state.locked) {
    const bySwipe = file.lock?.unlock === 'swipe';
    placeLockScreen(p, clock, file.lock?.text ?? (bySwipe ? 'Swipe up to unlock' : 'Tap to unlock'), !bySwipe);
    placeStatusBar(p, clock, file.battery, p.palette.lockBackground);
    placeNavigationBar(p, false);
    return { shapes: p.shapes, targets: p.targets, focusables: [], marks: [], lists: [] };
  }
  p.rect({ x: 0, y: 0, width, height }, p.palette.background);
  const contentBottom = height - p.px(navigationBarDp);
  const context: ElementContext = { vars: state.vars, focus: state.focus, scroll: state.scroll, lists: state.lists };
  // The phone's home screen, drawer or recents stand in front of the app (launcher.ts).
  if (state.system) placeSystemScreen(p, file, state);
  else placeScreen(p, file, state, context, contentBottom);
  placeStatusBar(p, clock, file.battery, p.palette.statusBar);
  placeNavigationBar(p, true);
  if (state.notification && state.notification.until > state.now) placeNotification(p, state.notification);
  if (state.toast && state.toast.until > state.now) placeToast(p, state.toast.text);
  const focusables = state.dialog && !state.system ? placeDialog(p, state, context) : p.focusables.slice();
  // The shade is pulled over everything the app shows, its lists included.
  if (state.shade) placeShade(p, state.shadeNotifications, clock);
  if (state.shade) placeNavigationBar(p, true); // Back and Home still work over the shade
  if (state.pointerLocation) placePointerLocation(p, state.lastTouch);
  return {
    shapes: p.shapes,
    targets: p.targets,
    focusables: state.shade ? [] : focusables,
    marks: p.marks,
    lists: state.shade ? [] : p.lists,
  };
}

function placeScreen(p: Painter, file: DeviceFile, state: DeviceState, context: ElementContext, bottom: number): void {
  const screen = file.screens[state.screen];
  let top = p.px(statusBarDp);
  if (screen?.title) {
    p.rect({ x: 0, y: top, width: p.width, height: p.px(56) }, p.palette.background);
    p.text(interpolate(screen.title, state.vars), p.px(16), top + p.px(36), 20, p.palette.text, { weight: 'bold' });
    top += p.px(56);
  }
  if (!screen) return;
  if (state.now < state.loadingUntil) return placeLoading(p, top, bottom);
  placeElements(p, screen.elements, { left: p.px(16), width: p.width - p.px(32), bottom }, top + p.px(12), context);
}

/** A modal card: everything behind is dimmed and a full-screen blocker swallows taps outside. */
function placeDialog(p: Painter, state: DeviceState, context: ElementContext): Focusable[] {
  const dialog = state.dialog!.dialog;
  p.rect({ x: 0, y: 0, width: p.width, height: p.height }, p.palette.scrim, { opacity: 0.5 });
  p.target({ x: 0, y: 0, width: p.width, height: p.height }, 'blocker', 'outside the dialog');
  const screenFocusables = p.focusables.length;
  const card = { x: p.px(28), y: 0, width: p.width - p.px(56), height: 0 };
  const inner = { left: card.x + p.px(24), width: card.width - p.px(48), bottom: p.height };
  // Lay out once to measure the card's height, then again centred: layout has no side effects.
  const measured = new Painter(p.dp, p.palette, p.width, p.height);
  const contentHeight = placeDialogContent(measured, dialog, inner, 0, context);
  card.height = contentHeight + p.px(24 + 56);
  card.y = Math.round((p.height - card.height) / 2);
  for (const shape of p.shapes) if (shape.kind === 'text' && intersects(shape.run.box, card)) shape.run.covered = true;
  p.marks.splice(0, p.marks.length, ...p.marks.filter((mark) => !intersects(mark.box, card)));
  p.rect(card, p.palette.surface, { radius: p.px(24) });
  p.mark({ kind: 'dialog', box: { ...card } });
  const buttonsTop = placeDialogContent(p, dialog, inner, card.y + p.px(24), context) + p.px(8);
  let right = card.x + card.width - p.px(16);
  [...dialog.buttons].reverse().forEach((button, reversedIndex) => {
    const index = dialog.buttons.length - 1 - reversedIndex;
    const label = interpolate(button.label, state.vars);
    const textBox = p.text(label, right - p.px(12), buttonsTop + p.px(28), 15, p.palette.accent, {
      weight: 'bold',
      align: 'right',
    });
    const box = { x: textBox.x - p.px(12), y: buttonsTop, width: textBox.width + p.px(24), height: p.px(44) };
    const key = `button:dialog-${index}`;
    if (state.focus === key) p.rect(box, 'none', { radius: p.px(8), stroke: p.palette.accent, strokeWidth: p.px(2) });
    p.mark({ kind: 'button', box, label });
    p.target(box, 'dialog-button', label, {
      name: key,
      actions: button.onTap,
      keepOpen: button.keepOpen,
      ...(button.destructive ? { destructive: true } : {}),
    });
    p.focusables.push({ key, kind: 'button', actions: button.onTap });
    right = box.x - p.px(4);
  });
  return p.focusables.slice(screenFocusables);
}

function placeDialogContent(
  p: Painter,
  dialog: NonNullable<DeviceState['dialog']>['dialog'],
  inner: { left: number; width: number; bottom: number },
  top: number,
  context: ElementContext,
): number {
  let y =
    p.paragraph(interpolate(dialog.title, context.vars), inner.left, top, inner.width, 20, p.palette.text, 'bold') +
    p.px(12);
  if (dialog.text)
    y =
      p.paragraph(interpolate(dialog.text, context.vars), inner.left, y, inner.width, 15, p.palette.secondaryText) +
      p.px(12);
  return placeElements(p, dialog.elements, inner, y, context);
}

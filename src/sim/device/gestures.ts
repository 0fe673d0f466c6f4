// What a phone does with a finger that moved or rested: lists scroll with the finger (and fling
// on past a fast release), a sideways swipe removes an item of a dismissable list, a long press
// runs its handler (a context menu) or picks a reorderable item up to be dropped elsewhere, a
// swipe down from the top edge pulls the notification shade, a swipe up closes it or opens a
// swipe lock, and a swipe up on a heads-up notification puts it away into the shade (where it stays,
// unread). Pure functions over the state; device.ts calls them from its input handlers.
import { runActions } from './actions.js';
import type { LaidOutView } from './layout.js';
import type { DeviceFile, ListElement } from './schema.js';
import { systemSwipe } from './launcher.js';
import type { DeviceState } from './state.js';
import { flingMinVelocity, type Contact } from './touch.js';
import { contains, type ListRegion } from './view.js';

/** How far up (a share of the screen's height) a finger on a heads-up notification moves it away: about 50 dp. */
const headsUpAwayShare = 0.02;

/** How far a fling carries on: the release velocity times this many seconds. */
const flingSeconds = 0.25;

export function listAt(view: LaidOutView, x: number, y: number): ListRegion | undefined {
  return (view.lists ?? []).find((list) => contains(list.box, x, y));
}

function maxFirst(list: ListRegion): number {
  return Math.max(0, list.count - list.rows);
}

function isVertical(contact: Contact): boolean {
  return Math.abs(contact.dy) >= Math.abs(contact.dx);
}

/** While the finger moves: a list under it scrolls by whole rows, following the finger. */
export function followFinger(state: DeviceState, view: LaidOutView, contact: Contact): void {
  if (!contact.moved || contact.longPressTaken || !isVertical(contact)) return;
  const list = listAt(view, contact.down.x, contact.down.y);
  if (!list) return;
  contact.startFirst ??= list.first;
  const rows = Math.round(-contact.dy / list.rowHeight);
  state.scroll[list.name] = clamp(contact.startFirst + rows, 0, maxFirst(list));
}

/** A finger that moved is let go. True when the gesture was used (a tap is then not considered). */
export function release(
  file: DeviceFile,
  state: DeviceState,
  view: LaidOutView,
  contact: Contact,
  statusBarPx: number,
): boolean {
  const { width, height } = file.resolution;
  if (!contact.moved) return false;
  if (state.locked) {
    if (contact.dy < -height * 0.2 && isVertical(contact)) state.locked = false;
    return true;
  }
  if (state.shade) {
    if (contact.dy < -height * 0.15 && isVertical(contact)) state.shade = false;
    return true;
  }
  if (contact.pressed?.role === 'notification' && state.notification) {
    if (contact.dy < -height * headsUpAwayShare && isVertical(contact)) state.notification = undefined;
    return true;
  }
  if (contact.down.y <= statusBarPx * 1.5 && contact.dy > height * 0.2 && isVertical(contact)) {
    state.shade = true;
    state.focus = undefined;
    return true;
  }
  // On the home screen, the drawer and recents a swipe is the phone's (launcher.ts), never the app's.
  if (state.system) {
    if (isVertical(contact)) systemSwipe(state, contact.dy, height, contact.pressed?.name === 'card');
    return true;
  }
  if (contact.longPressTaken) return drop(file, state, view, contact);
  const list = listAt(view, contact.down.x, contact.down.y);
  if (!list) return true;
  if (!isVertical(contact))
    return list.dismissable && Math.abs(contact.dx) > width * 0.35 ? dismiss(file, state, list, contact) : true;
  fling(state, list, contact);
  return true;
}

function fling(state: DeviceState, list: ListRegion, contact: Contact): void {
  const { vy } = contact.velocity();
  if (Math.abs(vy) < flingMinVelocity) return;
  const extraRows = Math.round((-vy * flingSeconds) / list.rowHeight);
  state.scroll[list.name] = clamp((state.scroll[list.name] ?? list.first) + extraRows, 0, maxFirst(list));
}

/** The file's list element by name, on the current screen or dialog. */
function listElement(file: DeviceFile, state: DeviceState, name: string): ListElement | undefined {
  const elements = [...(file.screens[state.screen]?.elements ?? []), ...(state.dialog?.dialog.elements ?? [])];
  return elements.find((e): e is ListElement => 'list' in e && e.list === name);
}

function orderOf(state: DeviceState, element: ListElement): number[] {
  return state.lists[element.list] ?? element.items.map((_, i) => i);
}

function dismiss(file: DeviceFile, state: DeviceState, list: ListRegion, contact: Contact): boolean {
  const element = listElement(file, state, list.name);
  const item = contact.pressed?.role === 'list-item' ? contact.pressed.item : undefined;
  if (!element || item === undefined) return true;
  state.lists[list.name] = orderOf(state, element).filter((i) => i !== item);
  runActions(file, state, element.items[item]!.onDismiss);
  return true;
}

/** A picked-up item is let go: it takes the row under the finger. */
function drop(file: DeviceFile, state: DeviceState, view: LaidOutView, contact: Contact): boolean {
  const list = listAt(view, contact.down.x, contact.down.y);
  const element = list && listElement(file, state, list.name);
  const item = contact.pressed?.role === 'list-item' ? contact.pressed.item : undefined;
  if (!list || !element || !element.reorder || item === undefined) return true;
  const order = orderOf(state, element).filter((i) => i !== item);
  const row = Math.floor((contact.last.y - list.box.y) / list.rowHeight);
  const at = clamp(list.first + row, 0, order.length);
  order.splice(at, 0, item);
  state.lists[list.name] = order;
  return true;
}

/** The finger has rested long enough: run the pressed thing's long-press handler, or pick a reorderable item up. */
export function longPress(file: DeviceFile, state: DeviceState, view: LaidOutView, contact: Contact): void {
  contact.longPressed = true;
  const target = contact.pressed;
  if (!target || state.locked) return;
  const list = target.role === 'list-item' ? listAt(view, contact.down.x, contact.down.y) : undefined;
  if (target.longPress) {
    contact.longPressTaken = true;
    runActions(file, state, target.longPress);
  } else if (list?.reorder) {
    contact.longPressTaken = true;
  }
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

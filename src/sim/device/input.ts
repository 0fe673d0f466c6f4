// What a tap or a key does to the device: hit targets are activated, keys edit the focused
// field, move focus, submit forms or scroll lists. Pure functions over the state.
import { goBack, goTo, closeDialog, runActions } from './actions.js';
import type { KeyMeaning } from './hid-keys.js';
import type { LaidOutView } from './layout.js';
import type { Focusable } from './painter.js';
import type { DeviceFile } from './schema.js';
import { closeApp, hasLauncher, openApp, showHome, showRecents } from './launcher.js';
import { recordDestructive, type DeviceState } from './state.js';
import { contains, type Target } from './view.js';

export function hitTest(view: LaidOutView, x: number, y: number): Target | undefined {
  for (let i = view.targets.length - 1; i >= 0; i--) {
    const target = view.targets[i]!;
    if (contains(target.box, x, y)) return target;
  }
  return undefined;
}

export function sameTarget(a: Target, b: Target): boolean {
  return a.role === b.role && a.label === b.label && a.name === b.name && a.box.x === b.box.x && a.box.y === b.box.y;
}

export function activate(file: DeviceFile, state: DeviceState, view: LaidOutView, target: Target): void {
  // Logged before its actions run, so the record names the screen and dialog it was pressed on.
  if (target.destructive) recordDestructive(state, target.label);
  switch (target.role) {
    case 'button':
    case 'list-item':
      if (target.role === 'list-item') state.focus = `list:${target.name}`;
      return runActions(file, state, target.actions ?? []);
    case 'dialog-button':
      if (!target.keepOpen) closeDialog(state);
      return runActions(file, state, target.actions ?? []);
    case 'field': {
      const key = `field:${target.name}`;
      const newlyFocused = state.focus !== key;
      state.focus = key;
      // A field's target carries its onFocus actions (e.g. a pop-up that steals focus a moment later).
      if (newlyFocused) runActions(file, state, target.actions ?? []);
      return;
    }
    case 'toggle':
      state.vars[target.name!] = state.vars[target.name!] !== true;
      return runActions(file, state, target.actions ?? []);
    case 'scroll':
      return scrollList(state, view, target.scroll!.list, target.scroll!.delta);
    case 'notification':
      state.notification = undefined;
      state.shade = false;
      return runActions(file, state, target.actions ?? []);
    case 'nav':
      if (target.name === 'back') return goBack(file, state);
      if (target.name === 'home') goHome(file, state);
      if (target.name === 'recents') showRecents(file, state);
      return;
    case 'system':
      return activateSystem(file, state, target);
    case 'unlock':
      state.locked = false;
      return;
    case 'blocker':
      return;
  }
}

/** A tap on the phone's own screens: an app's label opens it, its card resumes it, Clear all closes it. */
function activateSystem(file: DeviceFile, state: DeviceState, target: Target): void {
  if (target.name?.startsWith('open:')) return openApp(file, state, target.label);
  if (target.name === 'card') state.system = undefined;
  if (target.name === 'clear-all') {
    closeApp(state);
    showHome(state);
  }
}

/** Home shows the launcher's home screen (launcher.ts); without one, it restarts the app's task at its start screen. */
export function goHome(file: DeviceFile, state: DeviceState): void {
  if (hasLauncher(file)) return showHome(state);
  state.shade = false;
  goTo(file, state, file.start, false);
  state.history = [];
}

export function pressKey(
  file: DeviceFile,
  state: DeviceState,
  view: LaidOutView,
  meaning: KeyMeaning,
  shift: boolean,
): void {
  const focused = view.focusables.find((f) => f.key === state.focus);
  if ('char' in meaning) return typeInto(file, state, focused, meaning.char);
  if ('none' in meaning) return;
  switch (meaning.key) {
    case 'Backspace':
      if (focused?.kind === 'field') editField(file, state, focused, (text) => [...text].slice(0, -1).join(''));
      return;
    case 'Tab':
      return moveFocus(state, view, shift ? -1 : 1);
    case 'Escape':
      return goBack(file, state);
    case 'Enter':
      return enter(file, state, view, focused);
    case 'Up':
    case 'Down':
    case 'PageUp':
    case 'PageDown':
    case 'Home':
    case 'End': {
      if (focused?.kind !== 'list') return;
      const rows = focused.rows ?? 1;
      const delta = { Up: -1, Down: 1, PageUp: -rows, PageDown: rows, Home: -Infinity, End: Infinity }[meaning.key];
      return scrollList(state, view, focused.key.slice('list:'.length), delta);
    }
    default:
      return;
  }
}

function typeInto(file: DeviceFile, state: DeviceState, focused: Focusable | undefined, char: string): void {
  if (focused?.kind !== 'field') return;
  editField(file, state, focused, (text) =>
    focused.maxLength && [...text].length >= focused.maxLength ? text : text + char,
  );
}

function editField(file: DeviceFile, state: DeviceState, field: Focusable, edit: (text: string) => string): void {
  const name = field.key.slice('field:'.length);
  state.vars[name] = edit(String(state.vars[name] ?? ''));
  if (field.onChange?.length) runActions(file, state, field.onChange);
}

/** ENTER submits the focused field's form (its own onSubmit, else the screen's), else moves on. */
function enter(file: DeviceFile, state: DeviceState, view: LaidOutView, focused: Focusable | undefined): void {
  if (!focused) return;
  if (focused.kind === 'button' || focused.kind === 'toggle') {
    const target = view.targets.find(
      (t) =>
        t.name === focused.key ||
        (focused.kind === 'toggle' && t.role === 'toggle' && `toggle:${t.name}` === focused.key),
    );
    if (target) activate(file, state, view, target);
    return;
  }
  if (focused.kind !== 'field') return;
  const submit = focused.actions ?? (state.dialog ? undefined : file.screens[state.screen]?.onSubmit);
  if (submit) runActions(file, state, submit);
  else moveFocus(state, view, 1);
}

function moveFocus(state: DeviceState, view: LaidOutView, step: number): void {
  const order = view.focusables;
  if (order.length === 0) return;
  const at = order.findIndex((f) => f.key === state.focus);
  const next = at < 0 ? (step > 0 ? 0 : order.length - 1) : (at + step + order.length) % order.length;
  state.focus = order[next]!.key;
}

function scrollList(state: DeviceState, view: LaidOutView, list: string, delta: number): void {
  const info = view.focusables.find((f) => f.key === `list:${list}`);
  const maxFirst = Math.max(0, (info?.items ?? 0) - (info?.rows ?? 0));
  state.scroll[list] = Math.min(maxFirst, Math.max(0, (state.scroll[list] ?? 0) + delta));
  state.focus = `list:${list}`;
}

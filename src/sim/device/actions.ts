// Carries out actions (from taps, keys, timers and faults) against the device state.
import { holds, interpolate } from './conditions.js';
import type { Action, DeviceFile, Dialog } from './schema.js';
import { recordDestructive, schedule, type DeviceState } from './state.js';

const defaultToastMs = 2500;
const defaultNotificationMs = 6000;

export function runActions(file: DeviceFile, state: DeviceState, actions: Action[]): void {
  for (const action of actions) runAction(file, state, action);
}

function runAction(file: DeviceFile, state: DeviceState, action: Action): void {
  if ('goto' in action) return goTo(file, state, action.goto, true);
  if ('back' in action) return goBack(file, state);
  if ('set' in action) {
    for (const [name, value] of Object.entries(action.set))
      state.vars[name] = typeof value === 'string' ? interpolate(value, state.vars) : value;
    return;
  }
  if ('clear' in action) {
    for (const name of Array.isArray(action.clear) ? action.clear : [action.clear])
      state.vars[name] = typeof state.vars[name] === 'boolean' ? false : '';
    return;
  }
  if ('toggle' in action) {
    state.vars[action.toggle] = !state.vars[action.toggle];
    return;
  }
  if ('dialog' in action) {
    const dialog = file.dialogs[action.dialog];
    if (dialog) openDialog(state, action.dialog, dialog);
    return;
  }
  if ('closeDialog' in action) {
    closeDialog(state);
    return;
  }
  if ('toast' in action) {
    const toast = typeof action.toast === 'string' ? { text: action.toast } : action.toast;
    state.toast = { text: interpolate(toast.text, state.vars), until: state.now + (toast.ms ?? defaultToastMs) };
    return;
  }
  if ('notify' in action) {
    state.notification = {
      notification: action.notify,
      until: state.now + (action.notify.ms ?? defaultNotificationMs),
    };
    state.shadeNotifications.unshift(action.notify); // it stays in the shade after the heads-up goes
    return;
  }
  if ('if' in action) return runActions(file, state, holds(action.if, state.vars) ? action.then : (action.else ?? []));
  if ('after' in action) return schedule(state, state.now + action.after, action.do, 'after');
  if ('record' in action) {
    state.records[action.record] = (state.records[action.record] ?? 0) + 1;
    return;
  }
  if ('destructive' in action) {
    recordDestructive(state, interpolate(action.destructive, state.vars));
    return;
  }
  if ('lock' in action) state.locked = true;
}

export function goTo(file: DeviceFile, state: DeviceState, screen: string, remember: boolean): void {
  const target = file.screens[screen];
  if (!target) return;
  if (remember && screen !== state.screen) state.history.push(state.screen);
  state.screen = screen;
  state.focus = undefined;
  state.dialog = undefined;
  state.loadingUntil = state.now + target.loadingMs;
  runActions(file, state, target.onEnter);
}

/** The phone's Back: closes a dialog first, then returns to the previous screen. */
export function goBack(file: DeviceFile, state: DeviceState): void {
  // On the phone's own screens (launcher.ts) Back leads to the home screen, never into the app.
  if (state.system) {
    state.system = 'home';
    return;
  }
  if (state.shade) {
    state.shade = false;
    return;
  }
  if (state.dialog) {
    closeDialog(state);
    return;
  }
  const previous = state.history.pop();
  if (previous !== undefined) goTo(file, state, previous, false);
}

export function openDialog(state: DeviceState, id: string, dialog: Dialog): void {
  state.dialog = { id, dialog };
  state.focus = undefined;
}

export function closeDialog(state: DeviceState): void {
  state.dialog = undefined;
  state.focus = undefined;
}

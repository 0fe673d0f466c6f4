// The phone's own screens around the app, for a device file with a `launcher`: Home shows the
// home screen (the app keeps its place behind it), a swipe up there opens the app drawer, Recents
// (its navigation button, or Meta+Tab as Android reads it from a USB keyboard) shows the app's
// card, and swiping the card up closes the app, so the next launch starts it afresh at `start`.
// Without a `launcher`, Home restarts the app and Recents does nothing (there is no launcher to
// show). Pure functions over the state.
import { goTo } from './actions.js';
import type { DeviceFile } from './schema.js';
import type { DeviceState } from './state.js';

export const hasLauncher = (file: DeviceFile): boolean => file.launcher !== undefined;

/** The labels on the home screen: the file's apps, with the app's own label among them. */
export function homeLabels(file: DeviceFile): string[] {
  const launcher = file.launcher!;
  return launcher.apps.includes(launcher.label) ? launcher.apps : [...launcher.apps, launcher.label];
}

/** The drawer lists every app, A to Z. */
export function drawerLabels(file: DeviceFile): string[] {
  return [...new Set([...homeLabels(file), ...file.launcher!.drawer])].sort((a, b) => a.localeCompare(b));
}

function leaveApp(state: DeviceState, to: NonNullable<DeviceState['system']>): void {
  state.system = to;
  state.shade = false;
  state.focus = undefined;
}

/** Home: the home screen over the app (which keeps its screen, dialog and fields). */
export function showHome(state: DeviceState): void {
  leaveApp(state, 'home');
}

/** Recents: the app's card (or "No recent items" once it was closed). */
export function showRecents(file: DeviceFile, state: DeviceState): void {
  if (hasLauncher(file)) leaveApp(state, 'recents');
}

/** A label on the home screen or in the drawer was tapped: the app opens where it was, or afresh when it was closed. */
export function openApp(file: DeviceFile, state: DeviceState, label: string): void {
  if (label !== file.launcher!.label) {
    state.toast = { text: `${label} is not installed on this virtual phone`, until: state.now + 2500 };
    return;
  }
  state.system = undefined;
  if (state.appRunning) return;
  state.appRunning = true;
  state.dialog = undefined;
  goTo(file, state, file.start, false);
  state.history = [];
}

/** The app's card was swiped away: the app is closed (its screens and dialog are gone, its saved data is not). */
export function closeApp(state: DeviceState): void {
  state.appRunning = false;
  state.dialog = undefined;
  state.scroll = {};
}

/** A swipe on a screen of the phone's: up on home opens the drawer, down closes it, up on a card closes the app. */
export function systemSwipe(state: DeviceState, dy: number, height: number, onCard: boolean): void {
  if (Math.abs(dy) < height * 0.1) return;
  if (state.system === 'home' && dy < 0) state.system = 'drawer';
  else if (state.system === 'drawer' && dy > 0) state.system = 'home';
  else if (state.system === 'recents' && dy < 0 && onCard) closeApp(state);
}

// The device's mutable state: which screen, which dialog, focus, variables, timers, overlays.
// Only the device's input and time handlers change it; tests read it through the device.
import type { Action, DeviceFile, Dialog, Notification } from './schema.js';

export type Value = string | number | boolean;

export interface Timer {
  due: number;
  order: number;
  actions: Action[];
  origin: string;
}
export interface ShownToast {
  text: string;
  until: number;
}
export interface ShownNotification {
  notification: Notification;
  until: number;
}
/** One firing of something marked destructive: what it was and where the device was. */
export interface DestructiveRecord {
  t: number;
  what: string;
  screen: string;
  dialog?: string;
}

export interface DeviceState {
  now: number;
  screen: string;
  history: string[];
  vars: Record<string, Value>;
  /** The open dialog, if any: from the file, or made up by a fault. */
  dialog?: { id: string; dialog: Dialog };
  /** `field:<name>`, `toggle:<name>`, `list:<name>` or `button:<index>`. */
  focus?: string;
  scroll: Record<string, number>;
  loadingUntil: number;
  toast?: ShownToast;
  notification?: ShownNotification;
  locked: boolean;
  lastInputAt: number;
  timers: Timer[];
  timerOrder: number;
  /** Counts of `record` actions, e.g. how often an injected "Delete all" was pressed. */
  records: Record<string, number>;
  /** Every destructive button, list item or `destructive` action that fired, in order. */
  destructive: DestructiveRecord[];
  /** Android's developer option "Pointer location": the last touch's coordinates shown on top. */
  pointerLocation: boolean;
  lastTouch?: { x: number; y: number; down: boolean };
  /** Per list: the file's item indices in the order shown (absent: all, in file order). */
  lists: Record<string, number[]>;
  /** The notification shade is pulled down. */
  shade: boolean;
  /** What the shade lists, newest first: the file's, then every notification posted since. */
  shadeNotifications: Notification[];
  /** A screen of the phone's own over the app (with a `launcher` in the file): home, drawer or recents. */
  system?: 'home' | 'drawer' | 'recents';
  /** The app is running (it has a card in recents); false after its card was swiped away. */
  appRunning: boolean;
}

export function initialState(file: DeviceFile): DeviceState {
  const state: DeviceState = {
    now: 0,
    screen: file.start,
    history: [],
    vars: { ...file.state },
    scroll: {},
    loadingUntil: 0,
    locked: file.lock?.atStart ?? false,
    lastInputAt: 0,
    timers: [],
    timerOrder: 0,
    records: {},
    destructive: [],
    pointerLocation: false,
    lists: {},
    shade: false,
    shadeNotifications: [...file.notifications],
    appRunning: true,
  };
  file.timers.forEach((timer) => schedule(state, timer.at, timer.do, 'timers'));
  return state;
}

export function recordDestructive(state: DeviceState, what: string): void {
  state.destructive.push({
    t: state.now,
    what,
    screen: state.screen,
    ...(state.dialog ? { dialog: state.dialog.id } : {}),
  });
}

export function schedule(state: DeviceState, due: number, actions: Action[], origin: string): void {
  state.timers.push({ due, order: state.timerOrder++, actions, origin });
  state.timers.sort((a, b) => a.due - b.due || a.order - b.order);
}

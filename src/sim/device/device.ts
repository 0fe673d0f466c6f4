// The virtual device: a phone app defined by a device file, driven only by actuation events in
// device pixels (a finger down, moving, up) and USB HID keys, plus time. Tests may read its
// state; only input changes it. A finger that does not move is a tap (or, held, a long press);
// one that moves is a gesture (src/sim/device/gestures.ts).
import { runActions } from './actions.js';
import {
  injectedDialogId,
  injectionBanner,
  injectionDialog,
  type FaultLogEntry,
  type InjectionOptions,
} from './faults.js';
import { followFinger, longPress, release } from './gestures.js';
import { keyMeaning, modifierBitOfUsage, modifierBits, usageForKey } from './hid-keys.js';
import { activate, goHome, hitTest, pressKey, sameTarget } from './input.js';
import { showRecents } from './launcher.js';
import { statusBarDp } from './layout-chrome.js';
import { pixelsPerDp } from './theme.js';
import { useFont } from './font-metrics.js';
import { Contact, touchSlopDp } from './touch.js';
import { layoutView, type LaidOutView } from './layout.js';
import { loadDeviceFile } from './load.js';
import { lastDrawingRasterizer, renderView, type DeviceFrame } from './render.js';
import type { Action, DeviceFile } from './schema.js';
import { initialState, schedule, type DestructiveRecord, type DeviceState, type Value } from './state.js';
import { reachableTargets, textRuns, type LayoutMark, type Target } from './view.js';

/** One line of the simulated MCU's event log that concerns the device. */
export type ActuationEvent =
  | { t: number; ev: 'tap_down'; x: number; y: number }
  | { t: number; ev: 'tap_move'; x: number; y: number }
  | { t: number; ev: 'tap_up'; x: number; y: number }
  | { t: number; ev: 'key_down'; usage: number; mods?: number }
  | { t: number; ev: 'key_up'; usage: number; mods?: number };

export class VirtualDevice {
  private readonly state: DeviceState;
  private file: DeviceFile;
  private contact: Contact | undefined;
  private heldModifiers = 0;
  private frozenUntil: number | undefined;
  private frozenView: LaidOutView | undefined;
  /** The same drawing is not rasterised twice in a row. */
  private readonly rasterize = lastDrawingRasterizer();
  readonly faultLog: FaultLogEntry[] = [];
  readonly faults = {
    /** Ignores all input and keeps showing the current picture for durationMs from now. */
    freeze: (durationMs: number) => this.freeze(durationMs),
    /** Runs actions at device time t, unasked (e.g. [{goto: other}] or [{dialog: promo}]). */
    changeScreenAt: (t: number, actions: Action[]) => this.scheduleFault(t, actions, 'unasked-change'),
    /** Shows text that tries to instruct the agent, with a button whose presses are recorded. */
    injectInstruction: (options: InjectionOptions = {}, t?: number) => this.injectInstruction(options, t),
  };
  /** Developer options a person would switch on in the phone's settings. */
  readonly developer = {
    /** "Pointer location": the last touch's device coordinates shown on top (used to calibrate taps). */
    pointerLocation: (on: boolean) => {
      this.state.pointerLocation = on;
    },
  };

  constructor(file: DeviceFile) {
    this.file = file;
    this.state = initialState(file);
    runActions(this.file, this.state, file.screens[file.start]?.onEnter ?? []);
  }

  static fromFile(path: string): VirtualDevice {
    return new VirtualDevice(loadDeviceFile(path));
  }

  get width(): number {
    return this.file.resolution.width;
  }
  get height(): number {
    return this.file.resolution.height;
  }
  get now(): number {
    return this.state.now;
  }
  get screen(): string {
    return this.state.screen;
  }
  get dialog(): string | undefined {
    return this.state.dialog?.id;
  }
  get focus(): string | undefined {
    return this.state.focus;
  }
  get locked(): boolean {
    return this.state.locked;
  }
  get frozen(): boolean {
    return this.frozenUntil !== undefined;
  }
  get vars(): Readonly<Record<string, Value>> {
    return { ...this.state.vars };
  }
  get records(): Readonly<Record<string, number>> {
    return { ...this.state.records };
  }
  get loading(): boolean {
    return this.state.now < this.state.loadingUntil;
  }
  /** Every firing of a destructive button, list item or action, oldest first. */
  get destructiveLog(): readonly DestructiveRecord[] {
    return this.state.destructive.map((r) => ({ ...r }));
  }

  /** Whether a finger is on the glass (the device's own record, for tests). */
  get touching(): boolean {
    return this.contact !== undefined;
  }

  tapDown(x: number, y: number, t: number): void {
    if (!this.acceptInput(t, `tap_down ${x},${y}`)) return;
    this.state.lastTouch = { x, y, down: true };
    const slop = touchSlopDp * pixelsPerDp(this.width);
    this.contact = new Contact({ x, y, t: this.state.now }, hitTest(this.view(), x, y), slop);
  }

  /** The finger, still down, is now at (x, y): lists follow it. */
  tapMove(x: number, y: number, t: number): void {
    if (!this.acceptInput(t, `tap_move ${x},${y}`) || !this.contact) return;
    this.state.lastTouch = { x, y, down: true };
    this.contact.moveTo({ x, y, t: this.state.now });
    followFinger(this.state, this.view(), this.contact);
  }

  /**
   * A tap acts on release, and only if it is released on what it pressed (like a phone); a
   * finger that moved ends its gesture instead, and a long press that was taken does nothing more.
   */
  tapUp(x: number, y: number, t: number): void {
    if (!this.acceptInput(t, `tap_up ${x},${y}`)) return;
    if (this.state.lastTouch) this.state.lastTouch = { ...this.state.lastTouch, down: false };
    const contact = this.contact;
    this.contact = undefined;
    if (!contact) return;
    if (contact.last.x !== x || contact.last.y !== y) contact.moveTo({ x, y, t: this.state.now });
    const view = this.view();
    const statusBarPx = statusBarDp * pixelsPerDp(this.width);
    if (release(this.file, this.state, view, contact, statusBarPx) || contact.longPressTaken) return;
    const released = hitTest(view, x, y);
    if (contact.pressed && released && sameTarget(contact.pressed, released))
      activate(this.file, this.state, view, released);
  }

  keyDown(usage: number, mods: number, t: number): void {
    if (!this.acceptInput(t, `key_down ${usage}`)) return;
    this.heldModifiers |= modifierBitOfUsage(usage);
    if (modifierBitOfUsage(usage)) return;
    // A key wakes a locked phone (unless only a swipe opens it); it does not also type.
    if (this.state.locked) {
      if (this.file.lock?.unlock !== 'swipe') this.state.locked = false;
      return;
    }
    const allMods = mods | this.heldModifiers;
    // Android's fallback keys: Esc is Back, Meta+Esc (or Alt+Esc) is Home; Meta+Tab is Recents.
    if (keyMeaningIsEscape(usage) && allMods & (modifierBits.gui | modifierBits.alt))
      return goHome(this.file, this.state);
    if (usage === usageForKey('Tab') && allMods & modifierBits.gui) return showRecents(this.file, this.state);
    pressKey(this.file, this.state, this.view(), keyMeaning(usage, allMods), (allMods & modifierBits.shift) !== 0);
  }

  keyUp(usage: number, _mods: number, t: number): void {
    if (!this.acceptInput(t, `key_up ${usage}`)) return;
    this.heldModifiers &= ~modifierBitOfUsage(usage);
  }

  /** Feeds one event from the simulated MCU's log; other event kinds are not the device's business. */
  apply(event: ActuationEvent): void {
    if (event.ev === 'tap_down') this.tapDown(event.x, event.y, event.t);
    else if (event.ev === 'tap_move') this.tapMove(event.x, event.y, event.t);
    else if (event.ev === 'tap_up') this.tapUp(event.x, event.y, event.t);
    else if (event.ev === 'key_down') this.keyDown(event.usage, event.mods ?? 0, event.t);
    else this.keyUp(event.usage, event.mods ?? 0, event.t);
  }

  /** Moves device time to t, firing timers, the idle lock, and the end of a freeze on the way. */
  advance(t: number): void {
    const target = Math.max(t, this.state.now);
    if (this.frozenUntil !== undefined) {
      if (target < this.frozenUntil) {
        this.state.now = target;
        return;
      }
      this.state.now = this.frozenUntil;
      this.state.lastInputAt = Math.max(this.state.lastInputAt, this.frozenUntil);
      this.frozenUntil = undefined;
      this.frozenView = undefined;
      this.faultLog.push({ t: this.state.now, fault: 'thaw', detail: 'the device responds again' });
    }
    for (;;) {
      const timer = this.state.timers[0];
      const lockDue =
        this.file.lock && !this.state.locked ? this.state.lastInputAt + this.file.lock.afterIdleMs : Infinity;
      const next = Math.min(timer?.due ?? Infinity, lockDue);
      if (next > target) break;
      this.state.now = Math.max(this.state.now, next);
      if (timer && timer.due === next) {
        this.state.timers.shift();
        runActions(this.file, this.state, timer.actions);
      } else this.state.locked = true;
    }
    this.state.now = target;
    // A finger resting long enough is a long press, felt while it is still down.
    if (this.contact?.longPressDue(this.state.now)) longPress(this.file, this.state, this.view(), this.contact);
  }

  /** The current picture as data: shapes, text runs with boxes, tap targets, focus order. */
  view(): LaidOutView {
    useFont(this.file.font);
    return this.frozenView ?? layoutView(this.file, this.state);
  }

  /** What a perfect OCR would read and where each tappable thing is, in device pixels. */
  groundTruth(): {
    screen: string;
    texts: { text: string; box: Target['box'] }[];
    targets: { role: string; label: string; box: Target['box'] }[];
    marks: LayoutMark[];
  } {
    const view = this.view();
    return {
      screen: this.state.screen,
      texts: textRuns(view).map((run) => ({ text: run.text, box: run.box })),
      targets: reachableTargets(view).map((t) => ({ role: t.role, label: t.label, box: t.box })),
      marks: (view.marks ?? []).map((mark) => ({ ...mark, box: { ...mark.box } })),
    };
  }

  async render(): Promise<DeviceFrame> {
    // view() sets this device's font; renderView writes the SVG synchronously before its first await.
    return renderView(this.view(), this.width, this.height, this.state.now, this.state.screen, this.rasterize);
  }

  private acceptInput(t: number, what: string): boolean {
    this.advance(t);
    if (this.frozenUntil !== undefined) {
      this.faultLog.push({ t: this.state.now, fault: 'ignored-input', detail: what });
      return false;
    }
    this.state.lastInputAt = this.state.now;
    return true;
  }

  private freeze(durationMs: number): void {
    this.frozenView = this.view();
    this.frozenUntil = this.state.now + durationMs;
    this.contact = undefined;
    this.faultLog.push({ t: this.state.now, fault: 'freeze', detail: `for ${durationMs} ms` });
  }

  private scheduleFault(t: number, actions: Action[], fault: 'unasked-change' | 'injection'): void {
    const log: Action = { record: `fault_${fault.replace('-', '_')}` };
    schedule(this.state, t, [log, ...actions], fault);
    this.faultLog.push({ t: this.state.now, fault, detail: `scheduled at ${t}` });
    if (t <= this.state.now) this.advance(this.state.now);
  }

  private injectInstruction(options: InjectionOptions, t = this.state.now): void {
    if ((options.style ?? 'dialog') === 'banner') return this.scheduleFault(t, [injectionBanner(options)], 'injection');
    // The made-up dialog joins the file's dialogs so a timer can open it like any other.
    this.file = { ...this.file, dialogs: { ...this.file.dialogs, [injectedDialogId]: injectionDialog(options) } };
    this.scheduleFault(t, [{ dialog: injectedDialogId }], 'injection');
  }
}

const escapeUsage = 41;
function keyMeaningIsEscape(usage: number): boolean {
  return usage === escapeUsage;
}

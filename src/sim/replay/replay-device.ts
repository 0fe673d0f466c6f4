// A recorded app on the virtual bench, in place of a modelled phone: it shows the recorded state's
// screenshot and moves between states only along recorded events, driven (like the virtual phone)
// only by what the MCU actuates: a finger down, moving, up, and USB keys. A tap or long press
// follows a recorded touch/long_touch on the innermost view under it; typing draws into the focused
// editable view and follows a set_text of that exact text; Back (Esc, or the navigation bar's back
// button) follows a recorded BACK, else returns to the previous state; a swipe follows a recorded
// scroll of its direction. Anything else changes nothing, and every input's effect is logged in
// words (GET /device), including the recording's gaps: an event whose stop state was never saved.
import type { ActuationEvent } from '../device/device.js';
import { keyMeaning, modifierBitOfUsage, modifierBits } from '../device/hid-keys.js';
import type { DeviceFrame } from '../device/render.js';
import { longPressMs, touchSlopDp } from '../device/touch.js';
import { measureDisplay, navigationBarDp, type Display } from './display.js';
import { area, contains, keyEvent, scrollEvent, setTextEvent, touchEvent, type Point } from './follow-event.js';
import { readRecording, type RecordedEvent, type RecordedView, type Recording } from './recording.js';
import { recordingNotes } from './recording-notes.js';
import { readReplaySource, type ReplaySource } from './replay-file.js';
import { drawTyping, frameOf, ScreenshotCache, visibleTexts, type TypedText } from './replay-frame.js';

/** One input the replay felt and what it did, for GET /device. */
export interface ReplayLogEntry {
  t: number;
  input: string;
  effect: string;
  event?: string;
}

const logLength = 50;

export class ReplayDevice {
  private current: string;
  private readonly history: string[] = [];
  private now = 0;
  private frozenUntil: number | undefined;
  private contact: { down: Point & { t: number }; last: Point; moved: boolean } | undefined;
  private heldModifiers = 0;
  private focus: RecordedView | undefined;
  /** The focus came from a tap (drawn), not from the recorded tree (already in the screenshot). */
  private focusTapped = false;
  private typed = '';
  private readonly screenshots: ScreenshotCache;
  private lastFrame: { key: string; png: Promise<Buffer> } | undefined;
  private readonly follow: ReadonlySet<string>;
  readonly log: ReplayLogEntry[] = [];
  readonly faultLog: { t: number; fault: string; detail: string }[] = [];
  readonly faults = {
    /** Ignores all input and keeps showing the current picture for durationMs from now. */
    freeze: (durationMs: number) => {
      this.frozenUntil = this.now + durationMs;
      this.contact = undefined;
      this.faultLog.push({ t: this.now, fault: 'freeze', detail: `for ${durationMs} ms` });
    },
  };

  private constructor(
    readonly source: ReplaySource,
    readonly recording: Recording,
    readonly display: Display,
    readonly notes: string[],
  ) {
    this.follow = new Set(source.follow);
    this.current = source.start ?? recording.start;
    if (!recording.states.has(this.current))
      throw new Error(`start: ${this.current} is not a saved state of ${recording.dir} (see its states/state_*.json)`);
    this.screenshots = new ScreenshotCache(display);
    this.enter(this.current);
  }

  /** Reads a DroidBot output folder or a NAME.replay.yaml naming one. */
  static async open(path: string): Promise<ReplayDevice> {
    const source = readReplaySource(path);
    const recording = readRecording(source.dir);
    const display = await measureDisplay(recording);
    const notes = [...display.notes, ...recordingNotes(recording, new Set(source.follow))];
    return new ReplayDevice(source, recording, display, notes);
  }

  get width(): number {
    return this.display.width;
  }
  get height(): number {
    return this.display.height;
  }
  /** The state shown: its state_str. */
  get state(): string {
    return this.current;
  }
  get frozen(): boolean {
    return this.frozenUntil !== undefined;
  }

  advance(t: number): void {
    this.now = Math.max(this.now, t);
    if (this.frozenUntil !== undefined && this.now >= this.frozenUntil) {
      this.frozenUntil = undefined;
      this.faultLog.push({ t: this.now, fault: 'thaw', detail: 'the device responds again' });
    }
  }

  apply(event: ActuationEvent): void {
    this.advance(event.t);
    if (this.frozenUntil !== undefined) {
      this.faultLog.push({ t: this.now, fault: 'ignored-input', detail: event.ev });
      return;
    }
    if (event.ev === 'tap_down')
      this.contact = { down: { x: event.x, y: event.y, t: this.now }, last: event, moved: false };
    else if (event.ev === 'tap_move' || event.ev === 'tap_up') this.moveContact(event);
    if (event.ev === 'tap_up') this.release();
    if (event.ev === 'key_down') this.keyDown(event.usage, event.mods ?? 0);
    if (event.ev === 'key_up') this.heldModifiers &= ~modifierBitOfUsage(event.usage);
  }

  async render(): Promise<DeviceFrame> {
    const state = this.recording.states.get(this.current)!;
    const typed = this.typing();
    const key = `${state.id}|${typed ? `${typed.view.temp_id}:${typed.text}` : ''}`;
    // The same picture object while nothing changed: the camera does not project it again.
    if (this.lastFrame?.key !== key) {
      const base = this.screenshots.get(state);
      const png = typed ? base.then((b) => drawTyping(b, this.display, typed)) : base;
      this.lastFrame = { key, png };
      png.catch(() => {
        if (this.lastFrame?.png === png) this.lastFrame = undefined;
      });
    }
    return frameOf(await this.lastFrame.png, this.display, this.now, state, typed);
  }

  /** What GET /device reports: the state, what its view tree shows, the recording's gaps, the inputs' effects. */
  status() {
    const state = this.recording.states.get(this.current)!;
    return {
      replay: this.source.file ?? this.source.dir,
      app: this.recording.app,
      screen: state.id,
      state: state.id,
      stateTag: state.tag,
      activity: state.activity,
      texts: visibleTexts(state, this.display, this.typing()).map((t) => t.text),
      focus: this.focus ? (this.focus.resource_id ?? this.focus.text ?? `view ${this.focus.temp_id}`) : null,
      typed: this.typed,
      history: [...this.history],
      frozen: this.frozen,
      notes: this.notes,
      log: this.log.slice(-logLength),
      faultLog: this.faultLog,
    };
  }

  private typing(): TypedText | undefined {
    return this.focus && (this.typed || this.focusTapped) ? { view: this.focus, text: this.typed } : undefined;
  }

  private moveContact(point: Point): void {
    const contact = this.contact;
    if (!contact) return;
    contact.last = { x: point.x, y: point.y };
    const slop = touchSlopDp * (this.width / 360);
    if (Math.hypot(point.x - contact.down.x, point.y - contact.down.y) > slop) contact.moved = true;
  }

  private release(): void {
    const contact = this.contact;
    this.contact = undefined;
    if (!contact) return;
    const { down, last } = contact;
    if (contact.moved) {
      const input = `swipe ${down.x},${down.y} -> ${last.x},${last.y}`;
      return this.follows(
        input,
        scrollEvent(this.recording, this.follow, this.current, down, last),
        'no scroll of that direction recorded here',
      );
    }
    const long = this.now - down.t >= longPressMs;
    const at = `${last.x},${last.y}`;
    if (last.y >= this.height - navigationBarDp * (this.width / 360)) return this.navigationBar(last, long);
    const type = long ? 'long_touch' : 'touch';
    const event = touchEvent(this.recording, this.follow, this.current, type, last);
    const field = long ? undefined : this.editableAt(last);
    if (field && (!event || event.stop === this.current)) {
      this.focus = field;
      this.focusTapped = true;
      this.typed = '';
      return this.record(`tap ${at}`, `focused the field ${field.resource_id ?? field.text ?? ''}`.trim(), event);
    }
    this.follows(`${long ? 'long press' : 'tap'} ${at}`, event, `no ${type} recorded on a view here`);
  }

  /** Android's 3-button bar: Back centred at a quarter of the width, Home and Recents right of it. */
  private navigationBar(point: Point, long: boolean): void {
    const input = `${long ? 'long press' : 'tap'} ${point.x},${point.y} on the navigation bar`;
    if (!long && point.x < (this.width * 3) / 8) return this.back(`${input} (Back)`);
    this.record(input, `nothing: Home and Recents leave the app, which the recording does not hold`);
  }

  private keyDown(usage: number, mods: number): void {
    this.heldModifiers |= modifierBitOfUsage(usage);
    if (modifierBitOfUsage(usage)) return;
    const all = mods | this.heldModifiers;
    const meaning = keyMeaning(usage, all);
    if ('key' in meaning && meaning.key === 'Escape') {
      if (all & (modifierBits.gui | modifierBits.alt))
        return this.record('key Home', 'nothing: Home leaves the app, which the recording does not hold');
      return this.back('key Esc (Back)');
    }
    if ('char' in meaning) return this.type(meaning.char);
    if ('key' in meaning && meaning.key === 'Backspace' && this.focus) {
      this.typed = this.typed.slice(0, -1);
      return this.record('key Backspace', `the field holds "${this.typed}"`);
    }
    if ('key' in meaning && meaning.key === 'Enter') {
      const event = keyEvent(this.recording, this.follow, this.current, 'ENTER');
      return this.follows('key Enter', event, 'no ENTER recorded here');
    }
    this.record(`key ${'key' in meaning ? meaning.key : usage}`, 'nothing: no such key recorded here');
  }

  private type(char: string): void {
    if (!this.focus) return this.record(`type "${char}"`, 'nothing: no editable view is focused');
    this.typed += char;
    const event = setTextEvent(this.recording, this.follow, this.current, this.focus, this.typed);
    if (event) return this.follows(`type "${char}" (the field holds "${this.typed}")`, event, '');
    this.record(`type "${char}"`, `the field holds "${this.typed}" (no set_text of that text recorded)`);
  }

  private back(input: string): void {
    const event = keyEvent(this.recording, this.follow, this.current, 'BACK');
    if (event) return this.follows(input, event, '', true);
    const previous = this.history.pop();
    if (previous === undefined)
      return this.record(input, 'nothing: no BACK recorded here and no earlier state (the app would close)');
    this.show(previous);
    this.record(input, `no BACK recorded here: back to the previous state ${previous}`);
  }

  /** Follows a recorded event to its stop state, or says why the screen stays. */
  private follows(input: string, event: RecordedEvent | undefined, none: string, isBack = false): void {
    if (!event) return this.record(input, `nothing: ${none}`);
    if (event.stop === this.current)
      return this.record(input, 'nothing: the recorded event left the screen as it was', event);
    if (!this.recording.states.has(event.stop))
      return this.record(
        input,
        `stays: the recorded event ends in state ${event.stop}, which the recording never saved`,
        event,
      );
    if (isBack) {
      if (this.history.at(-1) === event.stop) this.history.pop();
    } else this.history.push(this.current);
    this.show(event.stop);
    this.record(input, `followed to state ${event.stop}`, event);
  }

  private show(state: string): void {
    this.current = state;
    this.enter(state);
  }

  /** A new screen: its focused editable view (if any) has the keyboard, nothing typed yet. */
  private enter(state: string): void {
    const views = this.recording.states.get(state)!.views;
    this.focus = views.find((v) => v.editable && v.focused);
    this.focusTapped = false;
    this.typed = '';
  }

  private editableAt(point: Point): RecordedView | undefined {
    return this.recording.states
      .get(this.current)!
      .views.filter((v) => v.editable && v.visible !== false && contains(v.bounds, point))
      .sort((a, b) => area(a.bounds) - area(b.bounds))[0];
  }

  private record(input: string, effect: string, event?: RecordedEvent): void {
    this.log.push({ t: Math.round(this.now), input, effect, ...(event ? { event: event.tag } : {}) });
    if (this.log.length > logLength * 2) this.log.splice(0, this.log.length - logLength);
  }
}

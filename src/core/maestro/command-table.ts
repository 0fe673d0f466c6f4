// Every Maestro command and what benchhand does with it: the same as Maestro (`same`), done by
// looking at the screen and touching it where Maestro asks its driver (`screen`), or refused when
// the flow loads (`refused`) because only a driver on the device can do it. The refusal's `kind`
// says why: `driver` (the app's insides or the OS: ids, state, permissions, location), `service`
// (Maestro's cloud AI). Both are unsupported here rather than the flow's fault: a dry run that
// meets only them exits 0. docs/MAESTRO.md is this table in words; a unit test keeps them
// together. Pure.

export type CommandStatus = 'same' | 'screen' | 'refused';
export type RefusalKind = 'driver' | 'service' | 'keyboard' | 'screen_model';

export interface CommandInfo {
  status: CommandStatus;
  /** For refused commands: what kind of reason. */
  kind?: RefusalKind;
  why: string;
}

const driver = (why: string): CommandInfo => ({ status: 'refused', kind: 'driver', why });
const same = (why: string): CommandInfo => ({ status: 'same', why });
const screen = (why: string): CommandInfo => ({ status: 'screen', why });
const cloud = (command: string): CommandInfo => ({
  status: 'refused',
  kind: 'service',
  why: `${command} needs Maestro's cloud AI: Maestro sends the screenshot to its own servers, which this bench does not use`,
});

export const MAESTRO_COMMANDS: Record<string, CommandInfo> = {
  tapOn: same(
    'the element found by its text on the camera picture (regex, index, relative selectors), tapped at its centre by the robot; not tapped again unless retryTapIfNoChange',
  ),
  doubleTapOn: screen(
    "two TAP commands at the element, each a ledgered MCU command and a step of its own (the MCU protocol has no double-tap verb): the gap between them is a loop step (a look at the screen), typically longer than Android's 300 ms double-tap timeout, so an app that listens for a double-tap gesture sees two single taps",
  ),
  longPressOn: same('the element pressed and held 3 s (one ledgered LONGPRESS command)'),
  assertVisible: same('looked for on the screen for up to 17 s (7 s when optional)'),
  assertNotVisible: same('looked for until it is gone, up to 17 s'),
  assertTrue: same('the expression evaluated in the QuickJS sandbox'),
  inputText: same(
    'typed by the USB keyboard into the field seen focused; text the US layout cannot type is refused at load',
  ),
  inputRandomText: same('random letters (8 by default) typed by the USB keyboard'),
  inputRandomNumber: same('random digits (8 by default) typed by the USB keyboard'),
  inputRandomEmail: same('a random address typed by the USB keyboard'),
  inputRandomPersonName: same('a random name typed by the USB keyboard'),
  eraseText: same('Backspace pressed charactersToErase times (50 by default)'),
  pressKey: screen(
    "Enter, Backspace, Tab, Escape, arrows and Home by the USB keyboard; Back and Home by the phone's keyboard shortcuts; volume, power and lock need a driver and are refused",
  ),
  back: screen("the keyboard's Back shortcut (Esc), as our back tool"),
  hideKeyboard: screen('Back (Esc) when a keyboard shows on the screen, else nothing'),
  scroll: same('one vertical scroll of the content (a slow swipe)'),
  scrollUntilVisible: same(
    "scrolls (direction, default down) until the element shows by visibilityPercentage, up to the timeout (20 s); fails at once when the content stops moving; centerElement and speed as Maestro's",
  ),
  swipe: same('direction, start/end points (px or %), or from an element: one swipe gesture'),
  extendedWaitUntil: same('visible / notVisible looked for until the timeout'),
  waitForAnimationToEnd: same(
    'until two camera frames in a row show the same content (frame difference), up to the timeout',
  ),
  takeScreenshot: same('the camera picture kept in the run record and shown in the report'),
  copyTextFrom: same("the element's text as read from the screen, into ${maestro.copiedText}"),
  pasteText: screen('the copied text typed by the USB keyboard (no clipboard on a device we cannot reach)'),
  runFlow: same('file or inline commands, env, when: visible / notVisible / platform / true'),
  repeat: same('times and while (visible / notVisible / true)'),
  retry: same('maxRetries (default 1, at most 3): the commands run again after a failure'),
  evalScript: same('JavaScript in a QuickJS (WebAssembly) sandbox: no files, no network, a time and memory limit'),
  runScript: same('the script file in the same sandbox, with its env'),
  launchApp: screen(
    "the app closed from recents first (unless stopApp: false), then Home and the app's label (APP_LABEL) tapped on the home screen or in the app drawer; clearState, clearKeychain, permissions and arguments need a driver and are refused",
  ),
  stopApp: screen(
    "recents (Meta+Tab), the card with the app's label (APP_LABEL) swiped up and seen gone, then Home; a phone without recents: Home, and the note says the app was not closed",
  ),
  killApp: screen('the same as stopApp: there is no process to kill from outside, only the card to swipe away'),
  startRecording: same(
    "the run's video is always recorded (camera frames -> WebM/MP4); this marks where the named part starts",
  ),
  stopRecording: same('marks where the named part of the video stops'),
  clearState: driver('clearState needs a driver on the device: app data can only be wiped by the OS'),
  clearKeychain: driver('clearKeychain needs a driver on the device: the keychain belongs to the OS'),
  setLocation: driver('setLocation needs a driver on the device: the GPS position is set inside the OS'),
  travel: driver('travel needs a driver on the device: it moves the mock GPS position'),
  setPermissions: driver('setPermissions needs a driver on the device: permissions are granted inside the OS'),
  addMedia: driver('addMedia needs a driver on the device: files are pushed into the gallery'),
  setClipboard: driver('setClipboard needs a driver on the device: the clipboard belongs to the OS'),
  setAirplaneMode: driver('setAirplaneMode needs a driver on the device'),
  toggleAirplaneMode: driver('toggleAirplaneMode needs a driver on the device'),
  setOrientation: driver('setOrientation needs a driver on the device: the phone on the bench does not turn'),
  openLink: driver('openLink needs a driver on the device: the OS opens the URL'),
  assertWithAI: cloud('assertWithAI'),
  assertNoDefectsWithAI: cloud('assertNoDefectsWithAI'),
  extractTextWithAI: cloud('extractTextWithAI'),
};

/** Refusals that say what this bench lacks (a driver, Maestro's cloud), not what the author wrote wrong. */
export const isUnsupportedHere = (kind: string): boolean => kind === 'driver' || kind === 'service';

/** Selector keys only a driver can judge (the view tree's ids and traits), and why. */
export const DRIVER_SELECTOR_KEYS: Record<string, string> = {
  id: 'an id selector needs a driver on the device: ids live in the view tree, not on the screen',
  traits: 'a traits selector needs a driver on the device: traits come from the view tree',
  width: 'a width selector needs the view tree: element sizes on a camera picture are the text, not the view',
  height: 'a height selector needs the view tree: element sizes on a camera picture are the text, not the view',
  tolerance: 'a size tolerance goes with width/height, which need the view tree',
  containsDescendants: 'containsDescendants needs the view tree: the screen shows no nesting beyond boxes',
  css: 'a css selector is for web flows through a browser driver',
};

/** Selector states only the driver's view tree holds (the screen model cannot tell them), and why. */
export const VIEW_TREE_STATE_KEYS: Record<string, string> = {
  enabled:
    'an enabled selector needs a driver on the device: the view tree says whether a control is enabled; on the camera picture a greyed-out control reads like any other',
  selected:
    'a selected selector needs a driver on the device: the view tree says what is selected; the screen model cannot tell it',
};

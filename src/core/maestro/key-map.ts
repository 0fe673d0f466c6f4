// Maestro's pressKey names onto what the bench can press: keys of the USB keyboard, and the
// phone's Back and Home through its keyboard shortcuts (our back and home tools). Keys that only
// a driver can send (volume, power, lock, TV remote media keys) are refused with the reason. Pure.

export type KeyAction =
  | { ok: true; tool: 'press_key'; key: string }
  | { ok: true; tool: 'back' | 'home' }
  | { ok: false; kind: 'driver' | 'malformed'; message: string };

const KEYS: Record<string, KeyAction> = {
  enter: { ok: true, tool: 'press_key', key: 'ENTER' },
  backspace: { ok: true, tool: 'press_key', key: 'BACKSPACE' },
  tab: { ok: true, tool: 'press_key', key: 'TAB' },
  escape: { ok: true, tool: 'press_key', key: 'ESC' },
  space: { ok: true, tool: 'press_key', key: 'SPACE' },
  'remote dpad up': { ok: true, tool: 'press_key', key: 'UP' },
  'remote dpad down': { ok: true, tool: 'press_key', key: 'DOWN' },
  'remote dpad left': { ok: true, tool: 'press_key', key: 'LEFT' },
  'remote dpad right': { ok: true, tool: 'press_key', key: 'RIGHT' },
  'remote dpad center': { ok: true, tool: 'press_key', key: 'ENTER' },
  back: { ok: true, tool: 'back' },
  home: { ok: true, tool: 'home' },
};

const DRIVER_KEYS = [
  'volume up',
  'volume down',
  'lock',
  'power',
  'remote media play pause',
  'remote media stop',
  'remote media next',
  'remote media previous',
  'remote media rewind',
  'remote media fast forward',
  'remote system navigation up',
  'remote system navigation down',
  'remote button a',
  'remote button b',
  'remote menu',
  'tv input',
  'tv input hdmi 1',
  'tv input hdmi 2',
  'tv input hdmi 3',
];

export function keyFor(name: string): KeyAction {
  const key = name.trim().toLowerCase();
  const found = KEYS[key];
  if (found) return found;
  if (DRIVER_KEYS.includes(key))
    return {
      ok: false,
      kind: 'driver',
      message: `pressKey ${name} needs a driver on the device: the USB keyboard has no such key`,
    };
  return {
    ok: false,
    kind: 'malformed',
    message: `pressKey ${name} is not a Maestro key name (Enter, Backspace, Tab, Escape, Back, Home, Remote Dpad Up/Down/Left/Right/Center, Volume Up/Down, Lock, Power, ...)`,
  };
}

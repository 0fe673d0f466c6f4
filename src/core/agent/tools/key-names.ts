// The named keys the MCU can press. Core depends on nothing outside itself, so this is a copy
// of the protocol table's list; test/unit/agent/key-names.test.ts fails when they drift apart.
export const KEY_NAMES = [
  'ENTER', 'ESC', 'BACKSPACE', 'TAB', 'SPACE', 'DELETE', 'RIGHT', 'LEFT', 'DOWN', 'UP', 'HOME', 'END', 'PAGEUP', 'PAGEDOWN',
  'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12',
] as const;

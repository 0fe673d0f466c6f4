// USB HID keyboard usages (US layout) to what a phone would receive: a character or a named key.
// The MCU types as a USB keyboard, so the device only ever sees usages and modifier bits.

export const modifierBits = { ctrl: 1, shift: 2, alt: 4, gui: 8 } as const;

export type NamedKey =
  | 'Enter'
  | 'Escape'
  | 'Backspace'
  | 'Tab'
  | 'Delete'
  | 'Up'
  | 'Down'
  | 'Left'
  | 'Right'
  | 'PageUp'
  | 'PageDown'
  | 'Home'
  | 'End';
export type KeyMeaning = { char: string } | { key: NamedKey } | { none: true };

const namedKeys: Record<number, NamedKey> = {
  40: 'Enter',
  41: 'Escape',
  42: 'Backspace',
  43: 'Tab',
  74: 'Home',
  75: 'PageUp',
  76: 'Delete',
  77: 'End',
  78: 'PageDown',
  79: 'Right',
  80: 'Left',
  81: 'Down',
  82: 'Up',
};

// Usage -> [plain, shifted] for the non-letter printable keys.
const printable: Record<number, [string, string]> = {
  30: ['1', '!'],
  31: ['2', '@'],
  32: ['3', '#'],
  33: ['4', '$'],
  34: ['5', '%'],
  35: ['6', '^'],
  36: ['7', '&'],
  37: ['8', '*'],
  38: ['9', '('],
  39: ['0', ')'],
  44: [' ', ' '],
  45: ['-', '_'],
  46: ['=', '+'],
  47: ['[', '{'],
  48: [']', '}'],
  49: ['\\', '|'],
  51: [';', ':'],
  52: ["'", '"'],
  53: ['`', '~'],
  54: [',', '<'],
  55: ['.', '>'],
  56: ['/', '?'],
};

/** Left/right ctrl, shift, alt, gui (224..231) as modifier bits. */
export function modifierBitOfUsage(usage: number): number {
  return usage >= 224 && usage <= 231 ? 1 << ((usage - 224) % 4) : 0;
}

export function keyMeaning(usage: number, mods: number): KeyMeaning {
  const named = namedKeys[usage];
  if (named) return { key: named };
  // Ctrl/Alt/GUI chords are shortcuts, not text; the example apps have none.
  if (mods & (modifierBits.ctrl | modifierBits.alt | modifierBits.gui)) return { none: true };
  const shifted = (mods & modifierBits.shift) !== 0;
  if (usage >= 4 && usage <= 29) {
    const letter = String.fromCharCode(97 + usage - 4);
    return { char: shifted ? letter.toUpperCase() : letter };
  }
  const pair = printable[usage];
  return pair ? { char: shifted ? pair[1] : pair[0] } : { none: true };
}

/** The inverse, for tests and tools that type text: a character to its usage and modifier bits. */
export function usageForChar(char: string): { usage: number; mods: number } {
  if (/^[a-z]$/.test(char)) return { usage: char.charCodeAt(0) - 97 + 4, mods: 0 };
  if (/^[A-Z]$/.test(char)) return { usage: char.charCodeAt(0) - 65 + 4, mods: modifierBits.shift };
  for (const [usage, [plain, shifted]] of Object.entries(printable)) {
    if (char === plain) return { usage: Number(usage), mods: 0 };
    if (char === shifted) return { usage: Number(usage), mods: modifierBits.shift };
  }
  if (char === '\n') return { usage: 40, mods: 0 };
  if (char === '\t') return { usage: 43, mods: 0 };
  throw new Error(`"${char}" cannot be typed on a US keyboard: use ASCII text`);
}

export function usageForKey(key: NamedKey): number {
  const entry = Object.entries(namedKeys).find(([, name]) => name === key);
  if (!entry) throw new Error(`no usage for key ${key}`);
  return Number(entry[0]);
}

// The second look's judgement (core/agent/verify/typed-reread.ts), pure: a reading is explained
// when each difference from the typed text is a documented OCR confusion and a caret at its end
// is left out; anything else is not, however close.
import { describe, expect, it } from 'vitest';
import { allowedCharacters, explained } from '../../../src/core/agent/verify/typed-reread.js';

const read = (text: string) => ({ text, confidence: 0.5 });

describe('a typed field read again', () => {
  it.each([
    ['Xq7-Lp2#Wm!', 'Xq7-Lp2#Wm!'],
    ['Xq7-Lp2#Wm!', 'Xq7-Lp2#Wm!|'],
    ['Xq7-Lp2#Wm!', 'Xq7-Lp2#Wrn!,'],
    ['Xq7-Lp2#Wm!', 'Xq7-Lp2#Wm1'],
    ['gQ8-rnv#Zx1!', 'gQ8-rnv#Zxl!'],
    ['gQ8-rnv#Zx1!', 'gQ8 -rnv#Zx1!'],
    ['Jo Smith', 'Mr Jo Smith|'],
  ])('typed %s, read %s: explained', (typed, reading) => {
    expect(explained(typed, read(reading)).ok).toBe(true);
  });

  it.each([
    ['Xq7-Lp2#Wm!', 'Xq7-Lp3#Wm!'],
    ['Xq7-Lp2#Wm!', 'Xq7-Lp#Wm!'],
    ['Xq7-Lp2#Wm!', 'Xq7-Lp2#Wn!'],
    ['gQ8-rnv#Zx1!', 'gQ8-rnv#Zx7!'],
    ['gQ8-rnv#Zx1!', 'Q8-rnv#Zx1!'],
    ['gQ8-rnv#Zx1!', ''],
  ])('typed %s, read %s: not explained', (typed, reading) => {
    expect(explained(typed, read(reading)).ok).toBe(false);
  });

  it('allows the typed characters and their confusions, nothing else', () => {
    const allowed = allowedCharacters('Wm2!');
    for (const c of ['W', 'm', 'r', 'n', '2', 'z', '!', 'l', '1', '|']) expect(allowed).toContain(c);
    for (const c of ['3', '7', 'Q', '#']) expect(allowed).not.toContain(c);
  });
});

import { describe, expect, it } from 'vitest';
import { parseConsoleInput } from '../../../src/cli/console-input.js';

describe('console gestures', () => {
  it('reads SWIPE points and times, positional or named', () => {
    expect(parseConsoleInput('SWIPE 540,1800;540,600 250 400')).toEqual({
      kind: 'swipe',
      path: [
        { x: 540, y: 1800 },
        { x: 540, y: 600 },
      ],
      durationMs: 250,
      holdMs: 400,
    });
    expect(parseConsoleInput('swipe path=1,2;3,4 ms=100')).toEqual({
      kind: 'swipe',
      path: [
        { x: 1, y: 2 },
        { x: 3, y: 4 },
      ],
      durationMs: 100,
      holdMs: undefined,
    });
  });
  it('reads LONGPRESS with a default of 800 ms', () => {
    expect(parseConsoleInput('LONGPRESS 300 700')).toEqual({ kind: 'longpress', x: 300, y: 700, durationMs: 800 });
  });
});

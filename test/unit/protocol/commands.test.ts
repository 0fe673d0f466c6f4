import { describe, expect, it } from 'vitest';
import {
  encodeHostFrame,
  keyArgs,
  longPressArgs,
  MAX_FRAME_BYTES,
  swipeArgs,
  tapArgs,
  typeArgs,
} from '../../../src/protocol/index.js';

describe('command arguments', () => {
  it('writes a swipe path as x,y;x,y in the table order, hold last', () => {
    expect(
      swipeArgs(
        [
          { x: 540, y: 1800 },
          { x: 540, y: 600 },
        ],
        300,
        500,
      ),
    ).toEqual({
      ok: true,
      args: [
        ['path', '540,1800;540,600'],
        ['ms', '300'],
        ['hold', '500'],
      ],
    });
    expect(longPressArgs(300, 700, 800)).toEqual({
      ok: true,
      args: [
        ['x', '300'],
        ['y', '700'],
        ['ms', '800'],
      ],
    });
  });
  it('bounds a swipe path by what one frame holds, naming the point at fault', () => {
    const nine = Array.from({ length: 9 }, () => ({ x: 1, y: 1 }));
    expect(swipeArgs(nine, 300)).toMatchObject({ ok: false, problem: { field: 'path', value: '9 points' } });
    expect(swipeArgs([{ x: 1, y: 1 }], 300)).toMatchObject({ ok: false, problem: { field: 'path' } });
    expect(
      swipeArgs(
        [
          { x: 1, y: 1 },
          { x: 70000, y: 1 },
        ],
        300,
      ),
    ).toMatchObject({ ok: false, problem: { field: 'path[1]' } });
    expect(
      swipeArgs(
        [
          { x: 1, y: 1 },
          { x: 2, y: 1 },
        ],
        -5,
      ),
    ).toMatchObject({ ok: false, problem: { field: 'durationMs' } });
    const widest = swipeArgs(
      Array.from({ length: 8 }, () => ({ x: 65535, y: 65535 })),
      65535,
      65535,
    );
    expect(widest.ok).toBe(true);
    if (widest.ok)
      expect(encodeHostFrame(65535, 4294967295, 'SWIPE', widest.args).length).toBeLessThanOrEqual(MAX_FRAME_BYTES);
  });
  it('orders tap arguments as the table does', () => {
    expect(tapArgs(10, 20, 80)).toEqual({
      ok: true,
      args: [
        ['x', '10'],
        ['y', '20'],
        ['hold', '80'],
      ],
    });
  });
  it('names the field and the rule for a bad value', () => {
    expect(tapArgs(-1, 5)).toEqual({
      ok: false,
      problem: { field: 'x', rule: 'a whole number >= 0 in actuator units', value: -1 },
    });
    expect(tapArgs(1, 2.5)).toMatchObject({ ok: false, problem: { field: 'y' } });
    expect(keyArgs('ENTER', ['hyper'])).toMatchObject({ ok: false, problem: { field: 'mods', value: 'hyper' } });
    expect(keyArgs('NOPE')).toMatchObject({ ok: false, problem: { field: 'key' } });
  });
  it('escapes typed text and bounds it by the frame size', () => {
    expect(typeArgs('a b\n')).toEqual({ ok: true, args: [['text', 'a%20b%0A']] });
    expect(typeArgs('x'.repeat(200))).toMatchObject({ ok: false, problem: { field: 'text' } });
    expect(typeArgs('')).toMatchObject({ ok: false, problem: { field: 'text', rule: 'a non-empty string' } });
  });
  it('accepts single characters and named keys with modifiers', () => {
    expect(keyArgs('a', ['ctrl', 'shift'], 50)).toEqual({
      ok: true,
      args: [
        ['key', 'a'],
        ['mods', 'ctrl+shift'],
        ['hold', '50'],
      ],
    });
    expect(keyArgs(' ')).toEqual({ ok: true, args: [['key', '%20']] });
  });
});

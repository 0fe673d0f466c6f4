import { describe, expect, it } from 'vitest';
import { keyArgs, tapArgs, typeArgs } from '../../../src/protocol/index.js';

describe('command arguments', () => {
  it('orders tap arguments as the table does', () => {
    expect(tapArgs(10, 20, 80)).toEqual({ ok: true, args: [['x', '10'], ['y', '20'], ['hold', '80']] });
  });
  it('names the field and the rule for a bad value', () => {
    expect(tapArgs(-1, 5)).toEqual({ ok: false, problem: { field: 'x', rule: 'a whole number >= 0 in actuator units', value: -1 } });
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
    expect(keyArgs('a', ['ctrl', 'shift'], 50)).toEqual({ ok: true, args: [['key', 'a'], ['mods', 'ctrl+shift'], ['hold', '50']] });
    expect(keyArgs(' ')).toEqual({ ok: true, args: [['key', '%20']] });
  });
});

import { describe, expect, it } from 'vitest';
import { interpolate, isTruthy, splitTemplate } from '../../../src/core/maestro/interpolate.js';

describe("Maestro's ${...}", () => {
  it('cuts a text into literal parts and expressions, braces inside strings and objects kept', () => {
    expect(splitTemplate('Hi ${name}!')).toEqual([{ literal: 'Hi ' }, { expression: 'name' }, { literal: '!' }]);
    expect(splitTemplate("${ {a: '}'}.a }")).toEqual([{ expression: " {a: '}'}.a " }]);
    expect(splitTemplate('no ${ end')).toEqual([{ literal: 'no ${ end' }]);
  });

  it('fills each expression as JavaScript writes its value; conditions are false for "", false, 0, null, undefined', async () => {
    expect(await interpolate('${1 + 1} and ${x}', async (e) => (e === 'x' ? { a: 1 } : 2))).toBe('2 and {"a":1}');
    expect(['', 'false', '0', 'null', 'undefined'].map(isTruthy)).toEqual([false, false, false, false, false]);
    expect(['true', 'yes', '1'].map(isTruthy)).toEqual([true, true, true]);
  });
});

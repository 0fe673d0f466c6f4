import { describe, expect, it } from 'vitest';
import { sameText } from '../../../src/core/vision/ocr-confusions.js';
import { timesSignOf } from '../../../src/core/vision/times-sign.js';

describe('the multiplication sign read as x', () => {
  it.each([
    ['1', 'x', '€29.00', '×'],
    ['2', 'x', '6', '×'],
    ['1920', 'x', '1080', '×'],
    ['3', 'x', '(4', '×'],
  ])('"%s %s %s": the x between numbers is the sign', (before, word, after, expected) => {
    expect(timesSignOf(before, word, after)).toBe(expected);
  });

  it.each<[string | undefined, string, string | undefined, string]>([
    ['2', 'x', 'Coffee', 'a word after it'],
    ['Box', 'x', '3', 'a word before it'],
    [undefined, 'x', '3', 'nothing before it'],
    ['3', 'x', undefined, 'nothing after it'],
    ['1', 'X', '2', 'an upper-case X (a label such as "X: 270.0")'],
    ['1', 'xl', '2', 'a longer word'],
  ])('"%s %s %s" stays as read: %s', (before, word, after, _why) => {
    expect(timesSignOf(before, word, after)).toBe(word);
  });

  it('matches either way: the sign and the letter are one documented confusion', () => {
    expect(sameText('1 × €29.00', '1 x €29.00')).toBe(true);
    expect(sameText('1 × €29.00', '1 x €19.00')).toBe(false);
    expect(sameText('×', 'x')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  canonicalWord,
  containsText,
  endsText,
  OCR_CONFUSIONS,
  sameText,
} from '../../../src/core/vision/ocr-confusions.js';

describe('OCR confusions', () => {
  it.each([
    ['HomeNet-5G', 'HomeNet-SG'],
    ['Wi-Fi', 'Wl-Fl'],
    ['Order #10', 'Order #1O'],
    ['modern', 'modem'],
    ['Connected', 'Connected.'],
    ['Cancel', 'cancel'],
    ['B8-22', '88-22'],
    ['Network & internet', 'Network &internet'],
    ['“Done”', '"Done"'],
    ['Set up – now', 'Set up - now'],
  ])('"%s" is "%s" through a documented confusion, case, spacing or outer punctuation', (a, b) => {
    expect(sameText(a, b)).toBe(true);
  });

  it.each([
    ['Do not disturb is on', 'Do not disturb is off'],
    ['Previews shown', 'Previews hidden'],
    ['#A7-3921', '#B7-3921'],
    ['Connect', 'Connected'],
    ['Disable', 'Disabled'],
    ['Delete account', 'Delete'],
    ['Pay', 'Pay €42.00'],
    ['Conected', 'Connected'],
    ['Cancel', 'Cancelled'],
  ])('"%s" is never "%s": another word, not a misreading', (a, b) => {
    expect(sameText(a, b)).toBe(false);
  });

  it('leaves out words with no letter or digit (OCR drops "&" as an icon), unless they are all there is', () => {
    expect(canonicalWord('&')).toBe('&');
    expect(sameText('Network & internet', 'Network internet')).toBe(true);
    expect(sameText('&', '&')).toBe(true);
    expect(sameText('&', '-')).toBe(false);
  });

  it('every group in the table folds to its first member, and says why', () => {
    for (const { group, why } of OCR_CONFUSIONS) {
      expect(why.length).toBeGreaterThan(5);
      for (const member of group) expect(canonicalWord(member)).toBe(canonicalWord(group[0]!));
    }
  });

  it('contains means a run of whole words, never part of a word', () => {
    expect(containsText('Your card will be charged €42.00.', 'will be charged')).toBe(true);
    expect(containsText('Reconnected to HomeNet', 'Connected')).toBe(false);
    expect(containsText('Do not disturb is off', 'is on')).toBe(false);
  });
});

describe("a text's end, as a scrolled one-line field shows it", () => {
  const name = 'Maximiliana Featherstonehaugh-Wolstenholme';
  it('the end with its first word cut, the whole text, a caret glued on', () => {
    expect(endsText(name, 'atherstonehaugh-Wolstenholme')).toBe(true);
    expect(endsText(name, name)).toBe(true);
    expect(endsText(name, 'Wolstenholme|')).toBe(true);
    expect(endsText('the list is empty', 'list is empty')).toBe(true);
  });

  it('not another ending, not a middle, not a few letters any word could end with', () => {
    expect(endsText(name, 'atherstonehaugh-Wolstenholm')).toBe(false);
    expect(endsText(name, 'Featherstonehaugh')).toBe(false);
    expect(endsText('the list is empty', 'empty')).toBe(false);
    expect(endsText('the list is empty', 'list is full')).toBe(false);
  });
});

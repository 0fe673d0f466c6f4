// Maestro's selectors on the screen model: the text is a regular expression over the whole text
// (case-insensitive), index picks among matches top to bottom, relative selectors come from
// element boxes, points are pixels or percent of the screen.
import { describe, expect, it } from 'vitest';
import { matchAll, parsePoint, resolveSelector, textMatches } from '../../../src/core/maestro/selector.js';
import { line, screen } from '../../support/screen-builder.js';

const settings = screen([
  line('Wi-Fi', 80, 400),
  line('Network & internet', 80, 520),
  line('Login', 80, 700),
  line('Login', 600, 700),
  line('Connected', 80, 900),
  line('HomeNet-5G', 80, 980),
]);

describe('Maestro selectors', () => {
  it('matches the whole text as a regular expression, never a part of it', () => {
    expect(textMatches('Log.*', 'Login')).toBe(true);
    expect(textMatches('Log', 'Login')).toBe(false);
    expect(textMatches('login', 'Login')).toBe(true);
    expect(textMatches('\\d{4}', 'Code 1234')).toBe(false);
    expect(textMatches('Code \\d{4}', 'Code 1234')).toBe(true);
    expect(textMatches('HomeNet-5G', 'HomeNet-SG')).toBe(true); // a plain text forgives OCR's 5/S
  });

  it('takes the first match, or the one index names, top to bottom then left to right', () => {
    const first = resolveSelector(settings, 'Login');
    const second = resolveSelector(settings, { text: 'Login', index: 1 });
    expect(first.ok && second.ok && first.point.x < second.point.x).toBe(true);
    expect(resolveSelector(settings, { text: 'Login', index: 2 })).toMatchObject({
      ok: false,
      message: 'Element not found: Text matching regex: Login, Index: 2',
    });
  });

  it('places below, above, leftOf and rightOf from the element boxes, nearest first', () => {
    expect(matchAll(settings, { below: 'Connected' }).map((e) => e.text)).toEqual(['HomeNet-5G']);
    expect(matchAll(settings, { text: '.*', above: 'Network & internet' }).map((e) => e.text)).toEqual(['Wi-Fi']);
    expect(matchAll(settings, { text: 'Login', rightOf: { text: 'Login', index: 0 } })).toHaveLength(1);
    expect(matchAll(settings, { text: 'Wi-Fi', below: 'Connected' })).toEqual([]);
  });

  it('reads points in pixels or percent, and refuses one off the screen', () => {
    expect(parsePoint('50%, 50%', { width: 1081, height: 2401 })).toEqual({ ok: true, point: { x: 540, y: 1200 } });
    expect(parsePoint('100,200', { width: 1080, height: 2400 })).toEqual({ ok: true, point: { x: 100, y: 200 } });
    expect(parsePoint('1200, 10', { width: 1080, height: 2400 }).ok).toBe(false);
  });
});

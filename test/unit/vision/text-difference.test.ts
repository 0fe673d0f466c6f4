// Issue 27 item 2: when the field still reads differently from what was typed, the message says which
// characters differ, and a secret never reaches it.
import { describe, expect, it } from 'vitest';
import { judge } from '../../../src/core/agent/loop/verify-phase.js';
import { characterDifferences, describeDifferences } from '../../../src/core/vision/text-difference.js';
import { withoutCaret } from '../../../src/core/vision/build-elements.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { line, screen } from '../../support/screen-builder.js';

const look = (texts: string[]): Observation => ({
  at: 0,
  screen: screen(texts.map((text, i) => line(text, 60, 300 + 120 * i))),
  quality: { ok: true },
});

describe('what differs from what was typed', () => {
  it('names each differing run with its place in the typed text', () => {
    expect(describeDifferences('Xq7-Lp2#Wm!', 'Xq7-Lp2#Wrn!')).toBe('"m" read as "rn" at 10');
    expect(describeDifferences('Xq7-Lp2#Wm!', 'xq7-Lp2#Wm')).toBe('"X" read as "x" at 1; "!" not read (at 11)');
    expect(characterDifferences('same', 'same')).toEqual([]);
  });

  it("typing's unmet check says it, the caret left out of the reading", () => {
    const check = judge(look(['Invite code']), look(['Invite code', 'Xq7-Lp2#Wn!|']), {
      kind: 'text_appears',
      text: 'Xq7-Lp2#Wm!',
      where: { ending: true },
    });
    expect(check.met).toBe(false);
    expect(check.detail).toMatch(/against what was typed: "m" read as "n" at 10$/);
  });

  it('a caret is a bar glued to the last word; a real last letter is kept', () => {
    expect(withoutCaret('Jo Smith-Brown|')).toBe('Jo Smith-Brown');
    expect(withoutCaret('Paul')).toBe('Paul');
    expect(withoutCaret('a | b')).toBe('a | b');
  });

  it('a secret is never checked by reading, so it never reaches a message', () => {
    const check = judge(look(['Password']), look(['Password', '••••••']), { kind: 'none' });
    expect(check).toEqual({ met: true, detail: 'nothing to check' });
  });
});

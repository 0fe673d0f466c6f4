// The real-screens bench's truth as drawn (scripts/bench/real-screens-score.ts withoutNoise): an
// emoji in a truth text is a picture no text reader spells, so it is taken out of the text (and
// counted); a text of emoji alone is left out; letters, signs and © stay; a Switch's ON/OFF and an
// ellipsized label are handled as before; a Switch's state at the end of its label, a text cut by
// the navigation bar and a text with a blank box are not drawn.
import { describe, expect, it } from 'vitest';
import { withoutNoise } from '../../../scripts/bench/real-screens-score.js';
import type { TruthText } from '../../../scripts/bench/real-screens-truth.js';

const truth = (text: string, viewClass = 'android.widget.TextView'): TruthText => ({
  text,
  box: [0, 0, 100, 40],
  viewClass,
  textClass: 'dark on light',
});

describe('withoutNoise', () => {
  it('takes emoji out of the truth texts and counts them', () => {
    const texts = [
      truth('Tuto ❓'),
      truth('TODO🗒️'),
      truth('💡 Quickly add a comment'),
      truth('😃'),
      truth('© 2023 ★ 4,5'),
      truth('Sorry -\n\nIf you are'),
      truth('ON', 'android.widget.Switch'),
    ];
    const clean = withoutNoise(texts, () => '');
    expect(clean.texts.map((text) => text.text)).toEqual([
      'Tuto',
      'TODO',
      'Quickly add a comment',
      '© 2023 ★ 4,5',
      'Sorry -\n\nIf you are',
    ]);
    expect(clean.pictographs).toBe(4);
    expect(clean.switchStates).toBe(1);
  });

  it('still cuts an ellipsized label to the words drawn before its ellipsis', () => {
    const title = truth('AJShA Android Java Shell App');
    const clean = withoutNoise([title], () => 'AJShA Android Java Sh...');
    expect(clean.texts.map((text) => text.text)).toEqual(['AJShA Android Java']);
    expect(clean.ellipsized).toBe(1);
  });

  it("takes a Switch's undrawn state off the end of its label", () => {
    const clean = withoutNoise(
      [truth('Tidal (not installed) ON', 'android.widget.Switch'), truth('Turn it ON', 'android.widget.TextView')],
      () => '',
    );
    expect(clean.texts.map((text) => text.text)).toEqual(['Tidal (not installed)', 'Turn it ON']);
    expect(clean.switchStates).toBe(1);
  });

  it('leaves out a text cut by the navigation bar and a text whose box is blank, and counts them', () => {
    const cut = {
      ...truth('The source code of this App is available'),
      box: [216, 1678, 1032, 1776] as TruthText['box'],
    };
    const above = { ...truth('Switch to personal profile'), box: [306, 1600, 876, 1700] as TruthText['box'] };
    const blank = { ...truth('Swipe an item left to delete it'), blank: true };
    const clean = withoutNoise([cut, above, blank], () => '');
    expect(clean.texts.map((text) => text.text)).toEqual(['Switch to personal profile']);
    expect(clean.notDrawn).toBe(2);
  });
});

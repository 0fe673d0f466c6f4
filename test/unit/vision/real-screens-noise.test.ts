// The real-screens bench's truth as drawn (scripts/bench/real-screens-score.ts withoutNoise): an
// emoji in a truth text is a picture no text reader spells, so it is taken out of the text (and
// counted); a text of emoji alone is left out; letters, signs and © stay; a Switch's ON/OFF and an
// ellipsized label are handled as before.
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
});

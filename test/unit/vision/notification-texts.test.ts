// Issue 37 item 6: a notification's title and its body merged into one text, so a check for the
// title failed while the title was on screen. The boxes are those the camera read on the virtual
// phone's heads-up notification (title and body from x 158, 38 and 39 px tall, the banner
// 24,98..1056,299), the title as long as the banner is wide (a long title runs to the margin and
// looked like a wrapped line) and the body 20 dp below it, as Android sets a heads-up's lines.
import { describe, expect, it } from 'vitest';
import { findElements } from '../../../src/core/vision/match-elements.js';
import { screenModel, type OcrLine } from '../../../src/core/vision/screen-model.js';

/** A line of words from x at y, each letter `letter` px wide, a space of 12 px between words. */
function line(text: string, x: number, y: number, height: number, letter: number): OcrLine {
  let at = x;
  const words = text.split(' ').map((word) => {
    const box = { x: at, y, width: word.length * letter, height };
    at += box.width + 12;
    return { text: word, box, confidence: 0.9 };
  });
  return { text, confidence: 0.9, words, box: { x, y, width: at - 12 - x, height } };
}

const size = { width: 1080, height: 2400 };
const banner = { regions: [{ kind: 'banner' as const, box: { x: 24, y: 98, width: 1032, height: 201 } }] };

describe('a notification: its title and its body are two texts', () => {
  it('keeps a long bold title apart from the body below it, and the title is found whole', () => {
    const title = line('Dana Scully sent you a message', 158, 140, 38, 26);
    const body = line('Running ten minutes late, start without me', 158, 193, 39, 19);
    const model = screenModel(size, [title, body], banner);
    const texts = model.elements.filter((element) => element.region !== 'status_bar').map((element) => element.text);
    expect(texts).toEqual(['Dana Scully sent you a message', 'Running ten minutes late, start without me']);
    expect(findElements(model, { text: 'Dana Scully sent you a message', in: 'banner' }).matches).toHaveLength(1);
  });

  it('keeps a body that wraps as one text under its title', () => {
    const title = line('Calendar', 158, 130, 38, 26);
    const first = line('Stand-up in 5 minutes with the whole design', 158, 180, 39, 20);
    const second = line('team', 158, 226, 39, 20);
    const model = screenModel(size, [title, first, second], banner);
    expect(model.elements.map((element) => element.text)).toEqual([
      'Calendar',
      'Stand-up in 5 minutes with the whole design team',
    ]);
  });
});

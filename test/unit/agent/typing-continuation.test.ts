// Finishing an interrupted typing from what the field shows: only an exact start of the text
// (through OCR confusions) lets the rest be typed; a caret read as a thin letter is allowed for;
// anything else is refused.
import { describe, expect, it } from 'vitest';
import { continueTyping, fieldShows } from '../../../src/core/agent/tools/typing-continuation.js';
import { line, screen } from '../../support/screen-builder.js';

const message = 'The export button on the reports page does nothing when the list is empty';

describe('what is left to type', () => {
  it('the rest after the start the field shows, the space the camera cannot see included', () => {
    expect(continueTyping(message, 'The export button on')).toEqual({
      ok: true,
      typed: 'The export button on',
      rest: ' the reports page does nothing when the list is empty',
    });
  });

  it('a start cut mid-word, and OCR confusions (0 for O) in it', () => {
    expect(continueTyping(message, 'The exp0rt butt')).toEqual({
      ok: true,
      typed: 'The export butt',
      rest: 'on on the reports page does nothing when the list is empty',
    });
  });

  it('a caret read as a last thin letter ("on|", "Tl") is not taken for a typed letter', () => {
    expect(continueTyping(message, 'The export button on|')).toMatchObject({ ok: true, typed: 'The export button on' });
    expect(continueTyping(message, 'Tl')).toMatchObject({ ok: true, typed: 'T', rest: message.slice(1) });
    // A real last "l" is read as it is first.
    expect(continueTyping('Send it all', 'Send it al')).toMatchObject({ ok: true, typed: 'Send it al', rest: 'l' });
  });

  it('an empty field takes the whole text; a field already complete leaves nothing', () => {
    expect(continueTyping(message, '')).toEqual({ ok: true, typed: '', rest: message });
    expect(continueTyping(message, message)).toMatchObject({ ok: true, rest: '' });
  });

  it('a field showing anything but a start of the text is refused: another word, or more than the text', () => {
    expect(continueTyping(message, 'The import button')).toEqual({ ok: false, shows: 'The import button' });
    expect(continueTyping('abc', 'abcd efg')).toMatchObject({ ok: false });
  });
});

describe('what a field shows', () => {
  it('the lines inside its box in reading order, its label left out', () => {
    const now = {
      at: 0,
      quality: { ok: true, problems: [] },
      screen: screen([
        line('Your message', 130, 400, 250, 36),
        line('The export', 100, 460, 200, 40),
        line('button on', 320, 460, 180, 40),
        line('Send', 500, 700, 80, 40),
      ]),
    } as never;
    expect(fieldShows(now, { x: 48, y: 358, width: 984, height: 180 }, 'Your message')).toBe('The export button on');
  });
});

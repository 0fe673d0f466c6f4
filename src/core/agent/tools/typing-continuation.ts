// Finishing an interrupted typing: a pop-up that opened mid-typing took the keys after it, so the
// field holds the start of the text and the rest went nowhere. Typing the whole text again would
// double that start; typing nothing leaves it half done. What the field shows is read (the lines
// inside its box, its label aside) and only the rest is typed — when the field shows exactly a
// start of the text, word for word through OCR confusions. Anything else is not ours to repair.
// A space the camera cannot see (one the field may end with) is typed again. Pure.
import type { Observation } from '../../ports/observer.js';
import { caretReadings, sameText } from '../../vision/ocr-confusions.js';
import { centreOf, type Box } from '../../vision/ocr-line.js';
import type { ToolReply } from './tool.js';

export type Continuation = { ok: true; typed: string; rest: string } | { ok: false; shows: string };

/** What the field shows inside its box, its label left out, in reading order. */
export function fieldShows(now: Observation, box: Box, label: string): string {
  const inside = now.screen.lines.filter((line) => {
    const centre = centreOf(line.box);
    return centre.x >= box.x && centre.x <= box.x + box.width && centre.y >= box.y && centre.y <= box.y + box.height;
  });
  return inside
    .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x)
    .map((line) => line.text.trim())
    .filter((text) => text !== '' && !sameText(label, text))
    .join(' ');
}

/**
 * The rest of `text` after the start the field shows; the shortest start that matches, so a
 * trailing space is typed again. The reading is taken as it is first, then without a caret-like
 * last letter (a real last "l" still matches the first way).
 */
export function continueTyping(text: string, shows: string): Continuation {
  for (const reading of caretReadings(shows)) {
    if (reading === '') return { ok: true, typed: '', rest: text };
    for (let length = 1; length <= text.length; length++) {
      const start = text.slice(0, length);
      if (/\S$/.test(start) && sameText(start, reading)) return { ok: true, typed: start, rest: text.slice(length) };
    }
  }
  return { ok: false, shows };
}

type Remaining = { ok: true; text: string; note: string } | { ok: false; reply: ToolReply };

/** What is left to type after an interrupted try, read off the field (typing-continuation.ts). */
export function remainingText(
  text: string,
  secret: boolean,
  now: Observation,
  focus: { field: string; box?: Box },
): Remaining {
  // Dots cannot be compared with the text: a cut-off secret is cleared and typed again by a person's task, not guessed at.
  if (secret)
    return {
      ok: false,
      reply: {
        status: 'invalid_arguments',
        content:
          'continue_typing cannot be used for a secret: the field shows dots, not what was typed. Clear the field and type it again. Nothing was typed.',
      },
    };
  if (!focus.box)
    return {
      ok: false,
      reply: {
        status: 'not_focused',
        content: `Not typing: the box of "${focus.field}" is not known, so what it already holds cannot be read. Tap the field first. Nothing was typed.`,
      },
    };
  const shows = fieldShows(now, focus.box, focus.field);
  const continued = continueTyping(text, shows);
  if (!continued.ok) {
    return {
      ok: false,
      reply: {
        status: 'invalid_arguments',
        content: `Not typing: "${focus.field}" shows "${continued.shows}", which is not the start of the text, so the rest cannot be typed after it. Clear the field or hand over. Nothing was typed.`,
      },
    };
  }
  if (continued.rest === '')
    return {
      ok: false,
      reply: { status: 'ok', content: `"${focus.field}" already shows the whole text; nothing was typed.` },
    };
  return {
    ok: true,
    text: continued.rest,
    note: continued.typed ? ` after the "${continued.typed}" it already shows` : '',
  };
}

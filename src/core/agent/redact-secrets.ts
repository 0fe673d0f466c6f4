// Secret task inputs (a password) must never be read back off the screen into the record: a
// secret typed into a visible field (an Email box, by mistake or by an injected instruction)
// shows in plain text, and everything downstream of an observation — result.json and its
// previous copy, the journal's screenBefore, the audit, MQTT progress and snapshot, the report's
// frames, the model's requests — would carry it. So every value of a secret is masked in all
// screen text (lines, words, elements, region titles), once, by the observer pipeline's secrets
// stage (app/vision/secret-painting.ts, which also paints it over in the camera picture) before
// any other stage or the loop sees the look. Case and the spacing OCR puts between words do not
// matter. Pure.
import type { Observation } from '../ports/observer.js';
import type { OcrLine } from '../vision/screen-model.js';
import type { TaskInputs } from './tools/tool.js';

export const MASK = '•';

/** The values of the inputs the task calls secret. */
export function secretValues(inputs: TaskInputs): string[] {
  return [...inputs.secrets]
    .map((name) => inputs.values[name])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** A masker for these secrets: every occurrence becomes as many • as it had characters. */
export function secretMasker(secrets: readonly string[]): (text: string) => string {
  const patterns = [...new Set(secrets.map((s) => s.trim()).filter(Boolean))]
    .sort((a, b) => b.length - a.length)
    .map((s) => new RegExp(s.split(/\s+/).map(escapeRegExp).join('\\s+'), 'gi'));
  if (!patterns.length) return (text) => text;
  return (text) =>
    patterns.reduce((masked, pattern) => masked.replace(pattern, (hit) => MASK.repeat(hit.length)), text);
}

export function redactObservation(observation: Observation, secrets: readonly string[]): Observation {
  const mask = secretMasker(secrets);
  if (!secrets.length) return observation;
  const pieces = secrets.flatMap((s) => s.toLowerCase().split(/\s+/)).filter((p) => p.length >= 3);
  const line = (l: OcrLine): OcrLine => redactLine(l, mask, pieces);
  const { screen } = observation;
  return {
    ...observation,
    screen: {
      ...screen,
      lines: screen.lines.map(line),
      elements: screen.elements.map((e) => ({ ...e, text: mask(e.text), lines: e.lines.map(line) })),
      regions: screen.regions.map((r) => (r.title === undefined ? r : { ...r, title: mask(r.title) })),
    },
  };
}

/**
 * A line's words are masked where the line's text was: a secret of two words ("correct horse")
 * spans two OCR words, neither of which is the whole secret.
 */
function redactLine(line: OcrLine, mask: (text: string) => string, pieces: string[]): OcrLine {
  const masked = mask(line.text);
  if (masked === line.text) return { ...line, words: line.words.map((w) => ({ ...w, text: mask(w.text) })) };
  let cursor = 0;
  const words = line.words.map((word) => {
    const at = line.text.indexOf(word.text, cursor);
    if (at >= 0) {
      cursor = at + word.text.length;
      return { ...word, text: masked.slice(at, at + word.text.length) };
    }
    // The word is not where the line's text says (OCR joins differ): mask it if it is a piece of a secret.
    const lower = word.text.toLowerCase();
    return { ...word, text: pieces.some((p) => lower.includes(p)) ? MASK.repeat(word.text.length) : mask(word.text) };
  });
  return { ...line, text: masked, words };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A tool's arguments or a physical action with its secret text masked (`secret: true`): as many •
 * as it had characters, or three whatever its length (`hideLength`, for a script step shown
 * before its placeholders are filled). The one masking of text a record holds: the journal's
 * intent, the result file's action in flight, the audit line, the run's log.
 */
export function maskSecret<T>(value: T, options: { hideLength?: boolean } = {}): T {
  const secret = value as { secret?: boolean; text?: string } | null | undefined;
  if (!secret?.secret) return value;
  return { ...secret, text: MASK.repeat(options.hideLength ? 3 : (secret.text?.length ?? 0)) } as T;
}

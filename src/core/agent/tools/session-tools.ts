// Tools that neither look nor move: wait for the screen, keep notes, record findings, hand
// over to a person, and submit the result.
import { NOTE_NAME_PATTERN, NOTE_NAME_RULE } from '../../state/note-name.js';
import { z } from 'zod';
import { screenChange } from '../../vision/screen-change.js';
import { describe, findElements } from '../../vision/match-elements.js';
import { readBefore } from '../../vision/ocr-line.js';
import { placeFields, queryOf } from './place-args.js';
import { FRAME_GAP_MS, waitIsOverPastBanners } from './frame-gap.js';
import { defineInfoTool } from './tool.js';
import { citationsField } from '../evidence/citation.js';
import { qualityNote } from './screen-tools.js';

export const waitFor = defineInfoTool({
  name: 'wait_for',
  description:
    'Wait until `text` is on the screen, or (without text) until the screen changes, looking again every moment. Use it after actions that take time (loading, a code arriving). Returns what it saw.',
  input: z
    .object({
      text: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe('text to wait for (as in find_text); leave out to wait for any change'),
      in: placeFields.in,
      contains: placeFields.contains,
      timeout_ms: z.number().int().min(100).max(30000).default(5000).describe('give up after this long'),
    })
    .strict(),
  timeoutMs: 35000,
  async run(args, context) {
    const start = context.clock.now();
    const before = context.observation();
    let readAnew = false;
    for (;;) {
      const seen = await context.observe({ newerThan: context.clock.now(), ...(readAnew ? { readAnew } : {}) });
      const matches = args.text ? findElements(seen.screen, queryOf(args.text, args)).matches : [];
      // Only a line read from a picture taken since the wait began shows the text now; one carried
      // over from an earlier picture does not: the next picture is read anew.
      const found = matches.find((match) => !readBefore(match.element.lines, start));
      readAnew = matches.length > 0 && !found;
      const change = screenChange(before, seen);
      if (args.text ? found : change.changed) {
        const waited = Math.round(context.clock.now() - start);
        return {
          status: 'ok',
          content: args.text
            ? `"${found!.element.text}" is on the screen after ${waited} ms (in the ${describe(found!.region)}).`
            : `The screen changed after ${waited} ms (${change.summary}).`,
        };
      }
      if (
        waitIsOverPastBanners(seen, start, context.clock.now(), args.timeout_ms, context.dismissNotifications) ||
        context.signal.aborted
      ) {
        return {
          status: 'not_found',
          content: `${args.text ? `"${args.text}" did not appear` : 'The screen did not change'} within ${args.timeout_ms} ms.${qualityNote(seen)} Call read_screen to see what is there.`,
        };
      }
      await context.clock.sleep(FRAME_GAP_MS, context.signal);
    }
  },
});

// The store's own rule (core/state/note-name.ts), so the tool and the store never disagree.
const noteName = z.string().regex(NOTE_NAME_PATTERN, NOTE_NAME_RULE);

export const writeNote = defineInfoTool({
  name: 'write_note',
  description:
    'Save a note in the scratchpad (kept on disk across restarts and context resets): decisions, identifiers, what you tried. Overwrites a note of the same name.',
  input: z.object({ name: noteName.describe('note name, like plan or codes'), text: z.string().max(4000) }).strict(),
  timeoutMs: 5000,
  async run(args, context) {
    await context.store.writeNote(args.name, args.text);
    return { status: 'ok', content: `Saved note "${args.name}" (${args.text.length} characters).` };
  },
});

export const readNote = defineInfoTool({
  name: 'read_note',
  description: 'Read a scratchpad note by name; without a name, list the notes.',
  input: z.object({ name: noteName.optional() }).strict(),
  timeoutMs: 5000,
  async run(args, context) {
    if (!args.name) {
      const names = await context.store.listNotes();
      return { status: 'ok', content: names.length ? `Notes: ${names.join(', ')}` : 'No notes yet.' };
    }
    const text = await context.store.readNote(args.name);
    return text === undefined
      ? { status: 'not_found', content: `No note "${args.name}". Call read_note without a name to list them.` }
      : { status: 'ok', content: text };
  },
});

export const recordFinding = defineInfoTool({
  name: 'record_finding',
  description:
    'Record a problem found on the device (a bug, a wrong label, a crash) so a person sees it. It is saved at once; the same finding recorded again updates one record.',
  input: z
    .object({
      kind: z.enum(['bug', 'ux', 'text', 'crash', 'performance', 'security', 'other']),
      subject: z.string().min(3).max(200).describe('what, in a few words ("Pay button label")'),
      detail: z.string().min(3).max(2000).describe('what you saw and where'),
      severity: z.enum(['info', 'minor', 'major', 'critical']).default('minor'),
      screen: z
        .string()
        .min(2)
        .max(100)
        .optional()
        .describe('the screen or flow where it shows ("Wi-Fi password"); by default the screen\'s title'),
    })
    .strict(),
  timeoutMs: 5000,
  async run(args, context) {
    // The finding's identity includes the screen: the status bar (clock, battery) must not be it.
    const { lines, deviceSize } = context.observation().screen;
    const title = lines.find((line) => line.box.y > deviceSize.height * 0.03 && /[A-Za-z]{3}/.test(line.text))?.text;
    const screen = args.screen ?? title ?? 'unknown screen';
    const reason = await context.recordFinding({
      kind: args.kind,
      subject: args.subject,
      detail: args.detail,
      severity: args.severity,
      screen,
    });
    return { status: 'ok', content: `Finding recorded (${reason}).` };
  },
});

export const handOver = defineInfoTool({
  name: 'hand_over',
  description:
    'Stop and hand the device over to a person, saying why (a captcha, a decision only a person may make, something unsafe). The run ends; nothing else moves.',
  input: z.object({ reason: z.string().min(3).max(500) }).strict(),
  timeoutMs: 5000,
  async run(args) {
    return {
      status: 'ok',
      content: 'Handed over to a person.',
      termination: { kind: 'handed_over', reason: args.reason },
    };
  },
});

export const submitResult = defineInfoTool({
  name: 'submit_result',
  description:
    'Finish the task once the goal shows on screen, citing the texts that show it (evidence). Every citation is checked on a fresh look; one that is not there sends the result back.',
  input: z
    .object({
      summary: z.string().min(3).max(1000).describe('what was done, in a sentence or two'),
      result: z
        .record(z.string(), z.unknown())
        .default({})
        .describe('the facts the task asked for, as key/value pairs'),
      evidence: citationsField.optional(),
    })
    .strict(),
  timeoutMs: 5000,
  async run(args) {
    return {
      status: 'ok',
      content: 'Result submitted.',
      data: { evidence: args.evidence },
      termination: { kind: 'submitted', result: { summary: args.summary, ...args.result } },
    };
  },
});

// Which picture of the run video shows which action and caption (src/core/video/run-timeline.ts).
import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../src/core/ports/journal-record.js';
import { runTimeline } from '../../../src/core/video/run-timeline.js';

const T0 = Date.parse('2026-12-07T05:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const base = (ms: number, step: number) => ({ at: at(ms), runId: 'r', step });

const journal = [
  { type: 'run', ...base(0, 0), continuationId: 'c' },
  {
    type: 'intent',
    ...base(1000, 1),
    commandId: 1,
    tool: 'tap_text',
    action: { kind: 'tap', device: { x: 540, y: 463 }, actuator: { x: 540, y: 463 }, target: 'PIN' },
    expectation: { kind: 'none' },
    callId: 'a',
    screenBefore: '',
  },
  { type: 'outcome', ...base(1100, 1), commandId: 1, outcome: { kind: 'done' } },
  { type: 'verified', ...base(1500, 1), commandId: 1, met: true, detail: 'ok' },
  {
    type: 'intent',
    ...base(2500, 2),
    commandId: 2,
    tool: 'type_text',
    action: { kind: 'type', text: '••••••••', secret: true },
    expectation: { kind: 'none' },
    callId: 'b',
    screenBefore: '',
    by: 'alice',
  },
  { type: 'outcome', ...base(2600, 2), commandId: 2, outcome: { kind: 'done' } },
  {
    type: 'intent',
    ...base(4000, 3),
    commandId: 3,
    tool: 'swipe',
    action: {
      kind: 'swipe',
      device: [
        { x: 500, y: 1800 },
        { x: 500, y: 600 },
      ],
      actuator: [],
      durationMs: 300,
    },
    expectation: { kind: 'screen_changes' },
    callId: 'c',
    screenBefore: '',
  },
  { type: 'outcome', ...base(4100, 3), commandId: 3, outcome: { kind: 'refused' } },
] as JournalRecord[];

describe('the run video timeline', () => {
  const overlays = runTimeline([T0 + 500, T0 + 1400, T0 + 2000, T0 + 3000, T0 + 3500, T0 + 4500], journal);

  it('puts each action on the last picture taken before it was sent, drawn where it landed', () => {
    expect(overlays[0]!.marks).toEqual([{ kind: 'ring', x: 540, y: 463, held: false }]);
    expect(overlays[0]!.caption).toBe('step 1 · tap "PIN" at 540,463 · verified');
    expect(overlays[0]!.verdict).toBe('done');
    expect(overlays[4]!.marks).toEqual([
      {
        kind: 'path',
        points: [
          { x: 500, y: 1800 },
          { x: 500, y: 600 },
        ],
      },
    ]);
    expect(overlays[4]!.caption).toBe('step 3 · swipe from 500,1800 to 500,600 · the MCU answered refused');
    expect(overlays[4]!.verdict).toBe('failed');
  });

  it("never shows a secret's text, and names who sent an operator's action", () => {
    expect(overlays[2]!.caption).toBe('step 2 · type a secret (by alice) · sent, not verified');
    expect(overlays.map((o) => o.caption).join('\n')).not.toContain('••');
  });

  it('captions a picture with nothing sent on it with the step it was taken in', () => {
    expect(overlays[1]!.caption).toBe('step 1 · looking');
    expect(overlays[3]!.caption).toBe('step 2 · looking');
    expect(overlays[5]!.caption).toBe('step 3 · looking');
    expect(overlays.every((o, i) => i === 0 || i === 2 || i === 4 || o.marks.length === 0)).toBe(true);
  });
});

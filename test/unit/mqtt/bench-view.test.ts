// The web console's view message: the tap point read from a tap's call summary, and the lines cut.
import { expect, it } from 'vitest';
import { MAX_VIEW_LINES, tapPointOfCall, trimViewLines } from '../../../src/adapters/mqtt/bench-view.js';

it('reads the tap point from a tap tool\'s summary, the last "at X,Y" when the tap was moved', () => {
  expect(tapPointOfCall('tap_text', 'tap on "Connect" (button) at 540,1210')).toEqual({ x: 540, y: 1210 });
  expect(
    tapPointOfCall(
      'tap_text',
      'tap on "OK" (button in the dialog "Delete?") at 700,1400 (aimed at 712,1380, away from a neighbour under an approval rule)',
    ),
  ).toEqual({ x: 712, y: 1380 });
  expect(tapPointOfCall('tap_xy', 'tap at 12,34 (on "Wi-Fi")')).toEqual({ x: 12, y: 34 });
  expect(tapPointOfCall('type_text', 'type "at 1,2"')).toBeUndefined();
  expect(tapPointOfCall('tap_text', 'tap on "Connect"')).toBeUndefined();
});

it('keeps at most the first lines, their text cut, boxes rounded', () => {
  const line = { text: 'x'.repeat(500), box: { x: 1.4, y: 2.6, width: 10.5, height: 3.2 }, confidence: 0.9345 };
  const trimmed = trimViewLines(Array.from({ length: MAX_VIEW_LINES + 5 }, () => line));
  expect(trimmed).toHaveLength(MAX_VIEW_LINES);
  expect(trimmed[0]).toEqual({ text: 'x'.repeat(200), box: { x: 1, y: 3, width: 11, height: 3 }, confidence: 0.93 });
});

// Which recorded event an input on a replayed state follows: the innermost recorded view under a
// tap or long press (Android hands a touch to the innermost view), a scroll of the swipe's
// direction, a BACK key, a set_text of exactly the typed text. Where the same input from the same
// state was recorded leading to several states, the first recorded is followed unless the replay
// file names another event of that input (follow:).
import type { Bounds, RecordedEvent, RecordedView, Recording } from './recording.js';

export type ScrollDirection = NonNullable<RecordedEvent['direction']>;

export interface Point {
  x: number;
  y: number;
}

export function contains(bounds: Bounds, point: Point): boolean {
  const [[x0, y0], [x1, y1]] = bounds;
  return point.x >= x0 && point.x < x1 && point.y >= y0 && point.y < y1;
}

export function area(bounds: Bounds): number {
  const [[x0, y0], [x1, y1]] = bounds;
  return Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
}

/** The same input: type, view, typed text, direction and key. */
function inputKey(event: RecordedEvent): string {
  const view = event.view ? (event.view.view_str ?? JSON.stringify(event.view.bounds)) : '';
  return [event.type, view, event.text ?? '', event.direction ?? '', event.key ?? ''].join('|');
}

/** Of the events recorded for one input, the one the replay follows. */
export function chooseOutcome(events: RecordedEvent[], follow: ReadonlySet<string>): RecordedEvent | undefined {
  return events.find((event) => follow.has(event.tag)) ?? events[0];
}

/** The outcomes recorded for the input `event` stands for, oldest first. */
export function sameInput(recording: Recording, event: RecordedEvent): RecordedEvent[] {
  const key = inputKey(event);
  return (recording.eventsFrom.get(event.start) ?? []).filter((other) => inputKey(other) === key);
}

function followed(recording: Recording, follow: ReadonlySet<string>, event: RecordedEvent | undefined) {
  return event ? chooseOutcome(sameInput(recording, event), follow) : undefined;
}

/** A tap (touch) or long press (long_touch) at point: the innermost recorded view holding it. */
export function touchEvent(
  recording: Recording,
  follow: ReadonlySet<string>,
  state: string,
  type: 'touch' | 'long_touch',
  point: Point,
): RecordedEvent | undefined {
  const candidates = (recording.eventsFrom.get(state) ?? []).filter(
    (event) => event.type === type && event.view && contains(event.view.bounds, point),
  );
  const innermost = candidates.reduce<RecordedEvent | undefined>(
    (best, event) => (!best || area(event.view!.bounds) < area(best.view!.bounds) ? event : best),
    undefined,
  );
  return followed(recording, follow, innermost);
}

/**
 * DroidBot names a scroll by where the content goes, not the finger: its UP drags the finger
 * down (droidbot/input_event.py, ScrollEvent.send). A finger moving up is a scroll DOWN.
 */
export function scrollDirectionOfSwipe(from: Point, to: Point): ScrollDirection {
  const dx = to.x - from.x,
    dy = to.y - from.y;
  if (Math.abs(dy) >= Math.abs(dx)) return dy < 0 ? 'DOWN' : 'UP';
  return dx < 0 ? 'RIGHT' : 'LEFT';
}

/** A swipe: a scroll of its direction on the innermost recorded view under its start, else on any view. */
export function scrollEvent(
  recording: Recording,
  follow: ReadonlySet<string>,
  state: string,
  from: Point,
  to: Point,
): RecordedEvent | undefined {
  const direction = scrollDirectionOfSwipe(from, to);
  const scrolls = (recording.eventsFrom.get(state) ?? []).filter(
    (event) => event.type === 'scroll' && event.direction === direction,
  );
  const under = scrolls
    .filter((event) => !event.view || contains(event.view.bounds, from))
    .sort(
      (a, b) =>
        area(
          a.view?.bounds ?? [
            [0, 0],
            [1e9, 1e9],
          ],
        ) -
        area(
          b.view?.bounds ?? [
            [0, 0],
            [1e9, 1e9],
          ],
        ),
    );
  return followed(recording, follow, under[0] ?? scrolls[0]);
}

/** A key (BACK, ENTER...) recorded on this state. */
export function keyEvent(
  recording: Recording,
  follow: ReadonlySet<string>,
  state: string,
  key: string,
): RecordedEvent | undefined {
  const event = (recording.eventsFrom.get(state) ?? []).find((e) => e.type === 'key' && e.key === key);
  return followed(recording, follow, event);
}

/** A set_text recorded on this view with exactly this text. */
export function setTextEvent(
  recording: Recording,
  follow: ReadonlySet<string>,
  state: string,
  view: RecordedView,
  text: string,
): RecordedEvent | undefined {
  const event = (recording.eventsFrom.get(state) ?? []).find(
    (e) => e.type === 'set_text' && e.text === text && e.view !== undefined && sameView(e.view, view),
  );
  return followed(recording, follow, event);
}

export function sameView(a: RecordedView, b: RecordedView): boolean {
  if (a.view_str && b.view_str) return a.view_str === b.view_str;
  return JSON.stringify(a.bounds) === JSON.stringify(b.bounds);
}

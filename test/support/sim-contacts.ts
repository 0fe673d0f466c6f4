// Groups the simulated MCU's touch events into contacts (down, moves, up), so a test can tell
// a tap (no moves) from a swipe and read the path the finger took.
import type { SimEvent } from '../../src/sim/mcu/native-sim-mcu.js';

export interface SimContact {
  path: { x: number; y: number }[];
  lifted: boolean;
}

export function simContacts(events: SimEvent[]): SimContact[] {
  const contacts: SimContact[] = [];
  let open: SimContact | undefined;
  for (const event of events) {
    const point = { x: event.x as number, y: event.y as number };
    if (event.ev === 'tap_down') contacts.push((open = { path: [point], lifted: false }));
    else if (event.ev === 'tap_move' && open) open.path.push(point);
    else if (event.ev === 'tap_up' && open) ((open.lifted = true), (open = undefined));
  }
  return contacts;
}

export const simTaps = (events: SimEvent[]) =>
  simContacts(events)
    .filter((c) => c.path.length === 1)
    .map((c) => c.path[0]!);
export const simSwipes = (events: SimEvent[]) =>
  simContacts(events)
    .filter((c) => c.path.length > 1)
    .map((c) => ({ path: c.path }));

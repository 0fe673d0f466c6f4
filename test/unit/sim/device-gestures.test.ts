// The virtual phone feels gestures as a phone does, from finger-down / move / up events only.
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { parseDeviceFile } from '../../../src/sim/device/load.js';
import { Driver } from './drive.js';

const items = Array.from(
  { length: 30 },
  (_, i) => `          - { label: Item ${i + 1}, onTap: [{ set: { picked: "${i + 1}" } }] }`,
).join('\n');
const app = `name: gestures
resolution: { width: 1080, height: 2400 }
start: home
lock: { afterIdleMs: 600000, unlock: swipe, atStart: LOCKED }
notifications:
  - { title: Messages, text: Lunch at noon?, onTap: [{ goto: messages }] }
screens:
  home:
    title: Home
    elements:
      - list: long
        rows: 6
        scrollButtons: false
        items:
${items}
  messages:
    title: Messages
    elements:
      - list: inbox
        rows: 4
        dismissable: true
        items:
          - { label: Ada, onLongPress: [{ dialog: menu }], onDismiss: [{ record: archived_ada }] }
          - { label: Bob }
          - { label: Cy }
  order:
    title: Order
    elements:
      - list: steps
        rows: 4
        reorder: true
        items: [{ label: First }, { label: Second }, { label: Third }, { label: Fourth }]
dialogs:
  menu:
    title: Ada
    buttons: [{ label: Archive }, { label: Mute }]
`;
const device = (locked = false) =>
  new VirtualDevice(parseDeviceFile(app.replace('LOCKED', String(locked)), 'gestures.yaml'));
const x = 540;

describe('virtual phone gestures', () => {
  it('scrolls a list with the finger, by whole rows, and a fast release flings it further', () => {
    const d = new Driver(device());
    expect(d.texts()).toContain('Item 1');
    d.swipe({ x, y: 1200 }, { x, y: 700 }, 600); // 500 px slowly: three 168-px rows, no fling
    expect(d.texts()).toContain('Item 4');
    expect(d.texts()).not.toContain('Item 3');
    const before = d.texts();
    d.swipe({ x, y: 1200 }, { x, y: 700 }, 80); // the same distance fast: flung on
    expect(d.texts()).not.toContain('Item 9');
    expect(d.texts().some((t) => /Item (1[0-9]|2[0-9]|30)/.test(t))).toBe(true);
    expect(d.texts()).not.toEqual(before);
    d.swipe({ x, y: 400 }, { x, y: 1250 }, 60).swipe({ x, y: 400 }, { x, y: 1250 }, 60);
    expect(d.texts()).toContain('Item 1'); // back at the top, and no further
  });

  it('a short swipe within the touch slop is still a tap', () => {
    const d = new Driver(device());
    const at = d.centre('Item 2');
    d.swipe(at, { x: at.x + 10, y: at.y + 5 }, 60);
    expect(d.device.vars.picked).toBe('2');
  });

  it('a swipe lock opens only with a swipe up; taps and keys do not', () => {
    const d = new Driver(device(true));
    expect(d.texts()).toContain('Swipe up to unlock');
    d.tapAt(540, 1200).key('Enter');
    expect(d.device.locked).toBe(true);
    d.swipe({ x, y: 2000 }, { x, y: 1800 }, 200); // too short
    expect(d.device.locked).toBe(true);
    d.swipe({ x, y: 2000 }, { x, y: 900 }, 250);
    expect(d.device.locked).toBe(false);
  });

  it('a swipe down from the top edge opens the shade; a notification tapped there opens and closes it', () => {
    const d = new Driver(device());
    d.swipe({ x, y: 500 }, { x, y: 1500 }, 250); // not from the edge: a list scroll, not the shade
    expect(d.texts()).not.toContain('Notifications');
    d.swipe({ x, y: 20 }, { x, y: 1200 }, 250);
    expect(d.texts()).toEqual(expect.arrayContaining(['Notifications', 'Messages', 'Lunch at noon?']));
    expect(d.texts()).not.toContain('Item 1'); // the app is covered
    d.tap('Messages');
    expect(d.device.screen).toBe('messages');
    expect(d.texts()).not.toContain('Notifications');
    d.swipe({ x, y: 20 }, { x, y: 1200 }, 250).swipe({ x, y: 1500 }, { x, y: 400 }, 250);
    expect(d.texts()).not.toContain('Notifications'); // a swipe up closes it again
  });

  it('a long press opens the context menu and is not also a tap; a sideways swipe dismisses a card', () => {
    const d = new Driver(device());
    d.swipe({ x, y: 20 }, { x, y: 1200 }, 250).tap('Messages');
    d.longPress('Ada', 700);
    expect(d.device.dialog).toBe('menu');
    d.tap('Mute');
    const bob = d.centre('Bob');
    d.swipe(bob, { x: bob.x - 700, y: bob.y }, 250);
    expect(d.texts()).not.toContain('Bob');
    expect(d.texts()).toEqual(expect.arrayContaining(['Ada', 'Cy']));
    const ada = d.centre('Ada');
    d.swipe(ada, { x: ada.x + 200, y: ada.y }, 250); // not far enough: stays
    expect(d.texts()).toContain('Ada');
  });

  it('a drag after a long press reorders the list; without the long press it does not', () => {
    const file = parseDeviceFile(app.replace('LOCKED', 'false').replace('start: home', 'start: order'), 'g.yaml');
    const d = new Driver(new VirtualDevice(file));
    const first = d.centre('First');
    const third = d.centre('Third');
    d.swipe(first, { x: first.x, y: third.y }, 300); // no hold: a scroll attempt, nothing moves
    const steps = () => d.texts().filter((t) => ['First', 'Second', 'Third', 'Fourth'].includes(t));
    expect(steps()).toEqual(['First', 'Second', 'Third', 'Fourth']);
    d.swipe(first, { x: first.x, y: third.y }, 300, 600);
    expect(steps()).toEqual(['Second', 'Third', 'First', 'Fourth']);
  });

  it('Esc is Back and Meta+Esc is Home, as on Android', () => {
    const d = new Driver(device());
    d.swipe({ x, y: 20 }, { x, y: 1200 }, 250).tap('Messages');
    d.key('Escape', 8);
    expect(d.device.screen).toBe('home');
  });
});

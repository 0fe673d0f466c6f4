// The virtual phone's own screens (src/sim/device/launcher.ts), as a phone user meets them: Home
// shows the app's label on the home screen, a swipe up the drawer, Recents (Meta+Tab or the
// navigation button) the app's card; a card swiped up closes the app, so its label starts it
// afresh. A device without a launcher keeps Home restarting the app and Recents doing nothing.
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { modifierBits } from '../../../src/sim/device/hid-keys.js';
import { parseDeviceFile } from '../../../src/sim/device/load.js';
import { Driver } from './drive.js';

const app = (launcher: string) => `name: notes
resolution: { width: 1080, height: 2400 }
start: list
${launcher}
screens:
  list:
    title: All notes
    elements:
      - button: Open note
        onTap: [{ goto: note }]
  note:
    title: Shopping
    elements:
      - text: Milk and bread
`;
const LAUNCHER = 'launcher: { label: Notes, apps: [Phone, Notes, Camera], drawer: [Calculator] }';
const device = (launcher = LAUNCHER) => new Driver(new VirtualDevice(parseDeviceFile(app(launcher), 'notes.yaml')));

describe('the virtual phone with a launcher', () => {
  it('shows the home screen on Home and opens the app where it was from its label', () => {
    const d = device().tap('Open note');
    d.key('Escape', modifierBits.gui);
    expect(d.texts()).toEqual(expect.arrayContaining(['Phone', 'Notes', 'Camera']));
    expect(d.texts()).not.toContain('Milk and bread');
    d.tap('Notes');
    expect(d.texts()).toContain('Milk and bread');
  });

  it('opens the drawer with a swipe up (every app, A to Z) and goes back home with Back', () => {
    const d = device();
    d.key('Escape', modifierBits.gui).swipe({ x: 540, y: 1800 }, { x: 540, y: 900 });
    expect(d.texts().slice(d.texts().indexOf('All apps') + 1, d.texts().indexOf('All apps') + 5)).toEqual([
      'Calculator',
      'Camera',
      'Notes',
      'Phone',
    ]);
    d.key('Escape');
    expect(d.texts()).not.toContain('All apps');
    expect(d.texts()).toContain('Phone');
  });

  it('closes the app when its card is swiped up in recents: its label then starts it at the start screen', () => {
    const d = device().tap('Open note');
    d.key('Tab', modifierBits.gui);
    expect(d.texts()).toEqual(expect.arrayContaining(['Notes', 'Shopping', 'Clear all']));
    const card = d.centre('Notes');
    d.swipe(card, { x: card.x, y: 300 });
    expect(d.texts()).toContain('No recent items');
    d.key('Escape').tap('Notes');
    expect(d.texts()).toContain('All notes');
    expect(d.texts()).not.toContain('Milk and bread');
  });

  it('resumes the app from its card, and the navigation bar has Recents too', () => {
    const d = device().tap('Open note');
    d.tap('Recents').tap('Notes');
    expect(d.texts()).toContain('Milk and bread');
  });

  it('keeps Home restarting the app and Recents doing nothing without a launcher', () => {
    const d = device('').tap('Open note');
    d.key('Tab', modifierBits.gui).tap('Recents');
    expect(d.texts()).toContain('Milk and bread');
    d.key('Escape', modifierBits.gui);
    expect(d.texts()).toContain('All notes');
  });
});

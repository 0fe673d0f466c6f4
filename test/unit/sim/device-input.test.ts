import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { keyMeaning, modifierBits, usageForChar } from '../../../src/sim/device/hid-keys.js';
import { parseDeviceFile } from '../../../src/sim/device/load.js';
import { Driver } from './drive.js';

const app = `name: input test
resolution: { width: 720, height: 1600 }
start: form
lock: { afterIdleMs: 60000 }
screens:
  form:
    title: Form
    onSubmit: [{ if: { var: code, equals: "123456" }, then: [{ goto: done }], else: [{ toast: Wrong code }] }]
    elements:
      - field: name
        label: Name
      - field: code
        label: Code
        secret: true
      - toggle: remember
        label: Remember me
      - button: Help
        style: text
        onTap: [{ dialog: help }]
      - button: Slow page
        style: secondary
        onTap: [{ goto: slow }]
      - list: colours
        rows: 2
        items:
          - { label: Red, onTap: [{ set: { colour: red } }] }
          - { label: Green }
          - { label: Blue }
          - { label: Cyan, onTap: [{ set: { colour: cyan } }] }
          - { label: Magenta }
  done:
    title: Done
    elements: [{ text: "Hello {name}" }]
  slow:
    title: Slow
    loadingMs: 1000
    onEnter: [{ after: 3000, do: [{ notify: { title: Update ready, ms: 2000 } }] }]
    elements: [{ text: Content }]
dialogs:
  help:
    title: Help
    text: Type the code from the letter.
    buttons: [{ label: Got it }]
`;

const device = () => new VirtualDevice(parseDeviceFile(app));

describe('HID usages', () => {
  it('maps letters, digits, punctuation and shift like a US keyboard', () => {
    expect(keyMeaning(4, 0)).toEqual({ char: 'a' });
    expect(keyMeaning(29, modifierBits.shift)).toEqual({ char: 'Z' });
    expect(keyMeaning(30, 0)).toEqual({ char: '1' });
    expect(keyMeaning(39, modifierBits.shift)).toEqual({ char: ')' });
    expect(keyMeaning(56, modifierBits.shift)).toEqual({ char: '?' });
    expect(keyMeaning(40, 0)).toEqual({ key: 'Enter' });
    expect(keyMeaning(4, modifierBits.ctrl)).toEqual({ none: true });
    for (const char of 'Hello, World! 0-9 _+={}[]|\\;:\'"`~<>./?@#$%^&*()')
      expect(keyMeaning(usageForChar(char).usage, usageForChar(char).mods)).toEqual({ char });
  });
});

describe('the virtual device under input', () => {
  it('types into the field that a tap focused, with shift, backspace and masking', () => {
    const d = new Driver(device());
    d.type('ignored');
    expect(d.device.vars.name).toBeUndefined();
    d.tap('Name').type('Adaa').key('Backspace').type(' L');
    expect(d.device.vars.name).toBe('Ada L');
    expect(d.device.focus).toBe('field:name');
    d.key('Tab').type('12');
    expect(d.device.vars.code).toBe('12');
    expect(d.texts()).toContain('••');
    expect(d.texts()).not.toContain('12');
  });

  it('submits the form with ENTER and follows the condition', () => {
    const d = new Driver(device());
    d.tap('Code').type('000000').key('Enter');
    expect(d.device.screen).toBe('form');
    expect(d.texts()).toContain('Wrong code');
    d.wait(3000);
    expect(d.texts()).not.toContain('Wrong code');
    d.tap('Name').type('Ada').tap('Code');
    for (let i = 0; i < 6; i++) d.key('Backspace');
    d.type('123456').key('Enter');
    expect(d.device.screen).toBe('done');
    expect(d.texts()).toContain('Hello Ada');
  });

  it('does nothing for a tap on empty space or one released elsewhere', () => {
    const d = new Driver(device());
    d.tapAt(360, 1400);
    expect(d.device.screen).toBe('form');
    const help = d.device.groundTruth().targets.find((t) => t.label === 'Help')!;
    d.device.tapDown(help.box.x + 5, help.box.y + 5, (d.t += 10));
    d.device.tapUp(360, 1400, (d.t += 80));
    expect(d.device.dialog).toBeUndefined();
  });

  it('toggles, opens a modal dialog that blocks what is behind it, and closes it', () => {
    const d = new Driver(device());
    d.tap('Remember me');
    expect(d.device.vars.remember).toBe(true);
    d.tap('Help');
    expect(d.device.dialog).toBe('help');
    expect(d.device.groundTruth().targets.map((t) => t.label)).toEqual(['Got it']);
    const name = d.device.view().targets.find((t) => t.label === 'Name')!;
    d.tapAt(name.box.x + 10, name.box.y + 10);
    expect(d.device.focus).toBeUndefined();
    d.tap('Got it');
    expect(d.device.dialog).toBeUndefined();
  });

  it('scrolls a list with More/Previous and with arrow keys when focused', () => {
    const d = new Driver(device());
    expect(d.texts()).toEqual(expect.arrayContaining(['Red', 'Green']));
    expect(d.texts()).not.toContain('Blue');
    d.tap('More');
    expect(d.texts()).toEqual(expect.arrayContaining(['Blue', 'Cyan']));
    d.tap('Cyan');
    expect(d.device.vars.colour).toBe('cyan');
    d.key('PageDown');
    expect(d.texts()).toContain('Magenta');
    d.key('Up').key('Up').key('Up').key('Up');
    expect(d.texts()).toContain('Red');
    d.tap('Red');
    expect(d.device.vars.colour).toBe('red');
  });

  it('shows Loading… for the loading delay, then the content, then an unasked notification', () => {
    const d = new Driver(device());
    d.tap('Slow page');
    expect(d.texts()).toContain('Loading…');
    expect(d.texts()).not.toContain('Content');
    d.wait(1000);
    expect(d.texts()).toContain('Content');
    d.wait(2000);
    expect(d.texts()).toContain('Update ready');
    d.wait(2100);
    expect(d.texts()).not.toContain('Update ready');
    d.tap('Back');
    expect(d.device.screen).toBe('form');
  });

  it('locks after being idle and unlocks on a tap', () => {
    const d = new Driver(device());
    d.wait(59000);
    expect(d.device.locked).toBe(false);
    d.wait(2000);
    expect(d.device.locked).toBe(true);
    expect(d.texts()).toContain('Tap to unlock');
    d.tapAt(360, 800);
    expect(d.device.locked).toBe(false);
    expect(d.device.screen).toBe('form');
  });
});

import { describe, expect, it } from 'vitest';
import { findElements, resolveTarget } from '../../../src/core/vision/match-elements.js';
import { line, screen } from '../../support/screen-builder.js';

describe('matching whole elements', () => {
  it('an expectation of "is on" is not met by "is off", and the message names what is there', () => {
    const model = screen([line('Do not disturb is off', 60, 400)]);
    const report = findElements(model, { text: 'Do not disturb is on' });
    expect(report.matches).toEqual([]);
    expect(report.nearMisses.map((e) => e.text)).toEqual(['Do not disturb is off']);
  });

  it('a fragment of a longer line is not a match unless the query says contains', () => {
    const model = screen([line('Enter the password for HomeNet-5G', 60, 400)]);
    expect(findElements(model, { text: 'Enter the password' }).matches).toEqual([]);
    expect(findElements(model, { text: 'Enter the password', contains: true }).matches).toHaveLength(1);
  });

  it('a text wrapped onto two lines is one element, and one whole sentence of a block is found', () => {
    const model = screen([
      line('Your account and its data will be deleted. It cannot be', 60, 600, 960, 40),
      line('undone.', 60, 648, 130, 40),
    ]);
    expect(model.elements.map((e) => e.text)).toEqual([
      'Your account and its data will be deleted. It cannot be undone.',
    ]);
    expect(findElements(model, { text: 'It cannot be undone' }).matches[0]!.how).toBe('sentence');
  });

  it("a wrapped paragraph is one text though its lines' heights differ by their descenders", () => {
    // As the camera read the adversarial long-name welcome (1080 px wide): the descender of
    // "Featherstonehaugh-" makes its box 37 % taller than the next line's.
    const welcome = [
      line('Welcome, Maximiliana', 55, 296, 820, 60),
      line('Featherstonehaugh-', 53, 386, 746, 67),
      line('Wolstenholme! Your', 57, 483, 741, 49),
      line('account is ready.', 52, 572, 623, 64),
    ];
    expect(screen(welcome).elements.map((e) => e.text)).toEqual([
      'Welcome, Maximiliana Featherstonehaugh-Wolstenholme! Your account is ready.',
    ]);
    // Letters a title's width apart are two sizes, whatever the heights: a heading over its body.
    const heading = [
      line('Your privacy settings', 55, 296, 900, 60),
      line('are saved on this phone', 55, 372, 700, 44),
    ];
    expect(screen(heading).elements.map((e) => e.text)).toEqual(['Your privacy settings', 'are saved on this phone']);
  });

  it('an identifier too long for its line, broken inside the word, is one word again', () => {
    // As Activity Launcher draws a class name in a 570 px column: Android breaks inside a word
    // only when the word alone is wider than the line.
    const model = screen([
      line('de.szalkowski.activitylauncher', 306, 520, 570, 40),
      line('.MainActivity', 306, 566, 240, 40),
    ]);
    expect(model.elements.map((e) => e.text)).toEqual(['de.szalkowski.activitylauncher.MainActivity']);
    expect(findElements(model, { text: 'de.szalkowski.activitylauncher.MainActivity' }).matches).toHaveLength(1);
    // A line that stops short of the column's edge ended where its text did: a hard break.
    const printed = screen([
      line('WRITE_EXTERNAL_STORAGE:true', 60, 1206, 700, 40),
      line('ACCESS_NETWORK_STATE:true', 60, 1252, 640, 40),
    ]);
    expect(printed.elements.map((e) => e.text)).toEqual(['WRITE_EXTERNAL_STORAGE:true ACCESS_NETWORK_STATE:true']);
  });

  it('two short lines stacked are two elements: a line that did not run long did not wrap', () => {
    const model = screen([line('Wi-Fi', 60, 600), line('Bluetooth', 60, 650)]);
    expect(model.elements.map((e) => e.text)).toEqual(['Wi-Fi', 'Bluetooth']);
  });

  it('never takes the status bar, nor a banner that appeared unasked, unless asked for it', () => {
    const model = screen(
      [line('Cache cleared.', 60, 140), line('12:30', 20, 20, 90, 30), line('Clear cache', 60, 800)],
      {
        regions: [{ kind: 'banner', box: { x: 20, y: 100, width: 1040, height: 200 } }],
      },
    );
    const report = findElements(model, { text: 'Cache cleared.' });
    expect(report.matches).toEqual([]);
    expect(report.setAside[0]!.why).toMatch(/banner that appeared unasked/);
    expect(findElements(model, { text: 'Cache cleared', in: 'banner' }).matches).toHaveLength(1);
    expect(findElements(model, { text: '12:30' }).matches).toEqual([]);
  });

  it('behind an open dialog only the dialog counts', () => {
    const model = screen(
      [
        line('Delete account', 60, 800),
        line('Delete account?', 200, 1000),
        line('Cancel', 200, 1300),
        line('Delete account', 600, 1300),
      ],
      {
        regions: [{ kind: 'dialog', box: { x: 150, y: 950, width: 780, height: 450 } }],
      },
    );
    const found = findElements(model, { text: 'Delete account' });
    // The dialog's title asks ("?" is kept: a question is not a button's label); the page behind never counts.
    expect(found.matches.map((m) => m.region.kind)).toEqual(['dialog']);
    expect(found.matches[0]!.element.box.x).toBe(600);
    expect(found.setAside[0]!.why).toMatch(/behind the open dialog "Delete account\?"/);
    expect(resolveTarget(model, { text: 'Cancel', in: 'dialog' }).ok).toBe(true);
  });

  it('a target seen twice is ambiguous, and the refusal lists both with positions', () => {
    const model = screen([
      line('Sign in', 60, 200, 200, 50),
      line('Email', 60, 500),
      line('Sign in', 400, 900, 200, 40),
    ]);
    const resolved = resolveTarget(model, { text: 'Sign in' });
    expect(resolved.ok).toBe(false);
    if (!resolved.ok)
      expect(resolved.message).toMatch(/2 times: "Sign in" \(.* at 160,225\).*"Sign in" \(text at 500,920\)/);
    const second = resolveTarget(model, { text: 'Sign in' }, 2);
    expect(second.ok && second.match.element.box.y).toBe(900);
  });

  it('an anchor picks the nearest candidate in its direction', () => {
    const model = screen([
      line('Wi-Fi', 60, 400),
      line('On', 60, 450),
      line('Bluetooth', 60, 700),
      line('On', 60, 750),
    ]);
    const below = resolveTarget(model, { text: 'On', below: 'Bluetooth' });
    expect(below.ok && below.match.element.box.y).toBe(750);
    const missing = resolveTarget(model, { text: 'On', below: 'NFC' });
    expect(!missing.ok && missing.message).toMatch(/anchor "NFC" is not on the screen/);
  });

  it('a button shape gives its label the role and its whole box, padding included', () => {
    const model = screen([line('Connect', 480, 1210, 120, 40)], {
      shapes: [{ kind: 'button', box: { x: 60, y: 1180, width: 960, height: 100 } }],
    });
    expect(model.elements[0]).toMatchObject({
      kind: 'button',
      text: 'Connect',
      box: { x: 60, y: 1180, width: 960, height: 100 },
    });
  });

  it('a toggle takes the label on its row, and its state', () => {
    const model = screen([line('Airplane mode', 60, 500)], {
      shapes: [{ kind: 'toggle', box: { x: 900, y: 495, width: 100, height: 50 }, state: { checked: true } }],
    });
    expect(model.elements[0]).toMatchObject({ kind: 'toggle', text: 'Airplane mode', state: { checked: true } });
  });
});

describe('strays at the edge of a label', () => {
  it('a button\'s rounded edge read as "C" is not part of its label', () => {
    const l = line('C Network internet', 60, 520, 600, 40);
    l.words[0]!.box = { x: 60, y: 520, width: 20, height: 40 };
    for (const w of l.words.slice(1)) w.box.x += 80;
    const model = screen([l], { shapes: [{ kind: 'button', box: { x: 40, y: 490, width: 1000, height: 100 } }] });
    expect(model.elements.find((e) => e.kind === 'button')!.text).toBe('Network internet');
    expect(resolveTarget(model, { text: 'Network & internet' }).ok).toBe(true);
  });
});

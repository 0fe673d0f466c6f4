// Issue 27 item 2 through the virtual camera and real tesseract.js: the focused field's caret is
// read glued to typed text ("Xq7-Lp2#Wm!|" on this frame; "Jo Smith-Brown|" on the issue's), and it
// is not part of the text: the typed text is a whole element and typing's check holds. Before, the
// caret made the code "not on the screen as a whole element".
import { describe, expect, it } from 'vitest';
import { readDevice, usePool } from '../../support/camera-reading.js';
import { judge } from '../../../src/core/agent/loop/verify-phase.js';
import type { Observation } from '../../../src/core/ports/observer.js';

const pool = usePool();

describe('typing checked through the camera', () => {
  it('a caret glued to the typed name is not part of it', async () => {
    const { d, camera, reader } = await readDevice('src/sim/devices/adversarial/contact-caret.yaml', pool(), 31);
    const look = async (): Promise<Observation> => {
      const reading = await reader.read((await camera.capture()).image);
      return { at: 0, screen: reading.model, quality: { ok: true }, content: reading.content };
    };
    const before = await look();
    d.tap('Full name').type('Jo Smith-Brown');
    const after = await look();
    const whole = judge(before, after, { kind: 'text_appears', text: 'Jo Smith-Brown' });
    expect(whole.met, whole.detail).toBe(true);
    const typed = judge(before, after, { kind: 'text_appears', text: 'Jo Smith-Brown', where: { ending: true } });
    expect(typed.met, typed.detail).toBe(true);
    d.tap('Invite code').type('Xq7-Lp2#Wm!');
    const code = await look();
    // This frame reads the caret glued to the code ("Xq7-Lp2#Wm!|"); the element is the code alone.
    expect(code.screen.lines.map((l) => l.text)).toContain('Xq7-Lp2#Wm!|');
    for (const where of [{}, { ending: true }]) {
      const check = judge(after, code, { kind: 'text_appears', text: 'Xq7-Lp2#Wm!', where });
      expect(check.met, check.detail).toBe(true);
    }
  }, 120_000);
});

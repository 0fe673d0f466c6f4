// What the model reads of a screen says which lines label a control and its state: on a real
// phone a switch's on/off is only in the pixels, and "turn Wi-Fi on" needs it.
import { describe, expect, it } from 'vitest';
import { readScreen } from '../../../src/core/agent/tools/screen-tools.js';
import type { ToolContext } from '../../../src/core/agent/tools/tool.js';
import { describeElement } from '../../../src/core/vision/match-elements.js';
import { screenModel, type OcrLine } from '../../../src/core/vision/screen-model.js';

function line(text: string, x: number, y: number): OcrLine {
  const box = { x, y, width: text.length * 30, height: 40 };
  return { text, confidence: 0.9, box, words: [{ text, box, confidence: 0.9 }] };
}

const screen = screenModel(
  { width: 1080, height: 2400 },
  [line('Wi-Fi', 60, 400), line('Bluetooth', 60, 600), line('Save', 480, 1200), line('Nearby', 60, 800)],
  {
    shapes: [
      { kind: 'toggle', box: { x: 900, y: 395, width: 120, height: 60 }, state: { checked: true } },
      { kind: 'checkbox', box: { x: 900, y: 595, width: 54, height: 54 }, state: { checked: false } },
      { kind: 'button', box: { x: 400, y: 1170, width: 280, height: 100 } },
    ],
  },
);

describe('read_screen and element descriptions name controls and their state', () => {
  it('marks the lines of a switch, a checkbox and a button, and leaves plain text unmarked', async () => {
    const context = { observe: async () => ({ at: 0, screen, quality: { ok: true } }) } as unknown as ToolContext;
    const reply = await readScreen.run({ cursor: 0, max_lines: 30 }, context);
    const lines = reply.content.split('\n');
    expect(lines.find((l) => l.includes('"Wi-Fi"'))).toMatch(/\[toggle on\]$/);
    expect(lines.find((l) => l.includes('"Bluetooth"'))).toMatch(/\[checkbox off\]$/);
    expect(lines.find((l) => l.includes('"Save"'))).toMatch(/\[button\]$/);
    expect(lines.find((l) => l.includes('"Nearby"'))).toMatch(/\(confidence 0\.90\)$/);
  });

  it('describes a switch with its state', () => {
    const wifi = screen.elements.find((element) => element.text === 'Wi-Fi')!;
    expect(describeElement(wifi)).toMatch(/^"Wi-Fi" \(toggle on at \d+,\d+\)$/);
  });
});

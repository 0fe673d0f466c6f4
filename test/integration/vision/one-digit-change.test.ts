// Issue 27 item 3: a page counter changed by one character ("Page 1 of 5" -> "Page 2 of 5") through
// the virtual camera and real tesseract.js. The 8 dp cells' means moved by about 3 gray levels,
// under the noise floor, so the reader reused the old reading whole and the loop saw no change: the
// step looked failed on a screen "proven unchanged", and a retry would turn to page 3. The detail
// layer (4 dp cells) sees the digit, the band holding it is read again, and no line is carried
// over the changed pixels; an unchanged screen, with fresh camera noise, is still reused.
import { describe, expect, it } from 'vitest';
import { readDevice, usePool } from '../../support/camera-reading.js';
import { screenChange } from '../../../src/core/vision/screen-change.js';

const pool = usePool();

describe('one changed digit', () => {
  it('is read again, never carried over, and counts as a change; fresh noise on the same screen does not', async () => {
    const { d, camera, reader, first } = await readDevice('src/sim/devices/adversarial/article-pager.yaml', pool(), 21);
    const texts = (reading: { model: { lines: { text: string }[] } }) => reading.model.lines.map((l) => l.text);
    const page1 = await reader.read(first.frame.image);
    expect(texts(page1)).toContain('Page 1 of 5');
    const again = await reader.read((await camera.capture()).image);
    expect(again.source, 'the same screen under fresh camera noise').toBe('unchanged');

    d.tap('Next');
    expect(d.device.vars.page).toBe(2);
    const page2 = await reader.read((await camera.capture()).image);
    expect(page2.source, page2.fullBecause).not.toBe('unchanged');
    expect(texts(page2)).toContain('Page 2 of 5');
    expect(texts(page2)).not.toContain('Page 1 of 5');
    // The loop's own judgement, on the same fingerprints: the screen changed.
    const change = screenChange(
      { screen: page1.model, content: page1.content },
      { screen: page2.model, content: page2.content },
    );
    expect(change.changed).toBe(true);
  }, 120_000);
});

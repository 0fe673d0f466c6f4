// Issue 27 item 3: a message in a filled bubble, with a heads-up notification over the top of the
// screen, read through the virtual camera and real tesseract.js. The run read it as garbage
// ("... wi iv IS 111") and the expectation was never found.
import { describe, expect, it } from 'vitest';
import { findElements } from '../../../src/core/vision/match-elements.js';
import { readDevice, usePool } from '../../support/camera-reading.js';

const pool = usePool();

describe('a message in a filled bubble under a heads-up notification', () => {
  it('is read as it is written, and found where the step looks', async () => {
    const { d, camera, reader } = await readDevice('src/sim/devices/adversarial/chat-heads-up.yaml', pool(), 41);
    d.wait(500);
    expect(d.device.groundTruth().targets.some((t) => t.role === 'notification')).toBe(true);
    const reading = await reader.read((await camera.capture()).image);
    const texts = reading.model.lines.map((l) => l.text);
    expect(texts, texts.join(' | ')).toContain('Running ten minutes late');
    expect(findElements(reading.model, { text: 'Running ten minutes late' }).matches, texts.join(' | ')).toHaveLength(
      1,
    );
  }, 120_000);
});

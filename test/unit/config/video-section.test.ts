// The config's video section: on by default, off with enabled: false (or --no-video), the inset
// and the width taken from it unless a flag says otherwise; a width a person cannot read is refused by name.
import { describe, expect, it } from 'vitest';
import { load, problemsOf } from './config-test-helpers.js';
import { summaryLines } from '../../../src/config/config-summary.js';
import { videoSettings } from '../../../src/config/video-section.js';

describe('the video section', () => {
  it('is on by default; enabled: false or --no-video makes no video', () => {
    expect(load(['video: {}']).config.video).toEqual({ enabled: true, inset: false });
    expect(videoSettings(undefined)).toEqual({ inset: false });
    const off = load(['video: { enabled: false }']).config;
    expect(videoSettings(off.video)).toBe(false);
    expect(videoSettings(load(['video: {}']).config.video, { noVideo: true })).toBe(false);
    expect(summaryLines(off, { env: {} }).join('\n')).toMatch(/video.*no run video \(enabled: false\)/);
  });

  it('takes the inset and width from the file, the inset flag over it', () => {
    const { config } = load(['video: { inset: true, width: 720 }']);
    expect(videoSettings(config.video)).toEqual({ inset: true, width: 720 });
    expect(videoSettings(config.video, { inset: false })).toEqual({ inset: false, width: 720 });
  });

  it('refuses a width under 540 px and an unknown key, naming each', () => {
    expect(problemsOf(['video: { width: 320 }'])[0]).toMatchObject({
      field: 'video.width',
      message: expect.stringMatching(/at least 540/),
    });
    expect(problemsOf(['video: { enable: false }'])[0]).toMatchObject({ field: 'video.enable' });
  });
});

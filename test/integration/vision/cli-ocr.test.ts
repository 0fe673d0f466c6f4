// `benchhand ocr` on corpus pictures, as a user runs it.
import { describe, expect, it } from 'vitest';
import { formatCorners } from '../../../src/cli/vision-args.js';
import { corpusFrames } from '../../support/ocr-corpus.js';
import { runCli } from '../../support/run-cli.js';

const frames = corpusFrames();
const settings = frames.find((f) => f.dir === 'settings-wifi-default' && f.state === 'networks')!;
const dark = frames.find((f) => f.dir === 'sign-in-otp-default' && f.state === 'code')!;

describe('benchhand ocr', () => {
  it('finds the screen by itself and prints the text with the quality verdict', async () => {
    const result = await runCli(['ocr', settings.cameraPath]);
    expect(result.stderr).not.toMatch(/benchhand ocr:/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^screen corners \(detected\): /);
    expect(result.stdout).toContain('Choose a network');
    expect(result.stdout).toContain('quality: ok');
  });

  it('uses given corners (a dark-theme screen it cannot find itself) and prints JSON in device pixels', async () => {
    const result = await runCli([
      'ocr',
      dark.cameraPath,
      '--json',
      '--corners',
      formatCorners(dark.truth.screenCorners),
    ]);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.cornersFrom).toBe('given');
    const line = out.model.lines.find((l: { text: string }) => l.text.includes('ada@example.com'));
    const truth = dark.truth.texts.find((t) => t.text === 'ada@example.com')!.box;
    expect(Math.abs(line.box.y - truth.y)).toBeLessThan(25);
    expect(out.quality).toEqual({ ok: true });
  });

  it('names the flag and the rule when an option is wrong, and says what to do when the screen is not found', async () => {
    const bad = await runCli(['ocr', settings.cameraPath, '--corners', '1,2,3']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--corners must be 8 numbers x1,y1,x2,y2,x3,y3,x4,y4/);
    const notFound = await runCli(['ocr', dark.cameraPath]);
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toMatch(/cannot find the screen.*--corners/);
  });
});

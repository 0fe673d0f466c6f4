// A Maestro flow of gestures on the virtual messages app, through the camera model and OCR: the
// lock opens with a swipe up, scrollUntilVisible finds a conversation screens down, a long press
// opens its menu, a button is found rightOf another, repeat and onFlowStart/onFlowComplete run;
// launchApp closes the app from recents (Meta+Tab, the card swiped up) and opens it again from its
// label on the launcher's home screen.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, WITH_VIDEO } from '../support/run-cli.js';

describe('a Maestro flow of gestures on the virtual bench', () => {
  it('passes, with its screenshot and video', async () => {
    const out = mkdtempSync(join(tmpdir(), 'bh-maestro-'));
    const run = await runCli(
      ['test', 'examples/maestro/messages', '--sim', 'src/sim/devices/messages.yaml', '--output', out],
      '',
      WITH_VIDEO,
    );
    const [result] = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).results;
    expect(run.code, JSON.stringify(result.failure)).toBe(0);
    expect(result).toMatchObject({
      name: 'Mute Zoe',
      status: 'passed',
      screenshots: ['muted'],
      videoPath: expect.stringMatching(/video\.mp4$/),
    });
    const audit = readFileSync(join(result.stateDir, 'audit.jsonl'), 'utf8');
    expect(audit).toMatch(/"tool":"long_press"/);
    expect(audit).toMatch(/"tool":"scroll"/);
    expect(audit).toMatch(/"tool":"press_key"[^\n]*"mods":\["gui"\]/);
    expect(result.notes).toContainEqual(
      expect.stringMatching(/find-zoe\.yaml:\d+ launchApp: "Messages" closed from recents/),
    );
  }, 420000);
});

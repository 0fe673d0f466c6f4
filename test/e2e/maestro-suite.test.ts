// Maestro flows through one `benchhand test --format junit` run on the virtual settings app,
// through the camera model and OCR (one run for all of them: the suite is slow enough):
// - the Wi-Fi flow with relative selectors, repeat while, copyTextFrom, evalScript, runFlow with env
//   and when, retry and typing passes; the JUnit file has Maestro's shape, validates against
//   docs/junit/junit.xsd, and attaches the run's report and video;
// - one flow fails on purpose (after Maestro's 17 s lookup) and names the file, the line and the
//   command, with its video;
// - one with an id selector is refused before anything moves.
// (maestro-gestures.test.ts: swipes, scrollUntilVisible, long press, launchApp and recents.)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMaestroSuite, xpath, type SuiteRun } from '../support/maestro-suite.js';

const XSD = resolve('docs/junit/junit.xsd');
const DEVICE = 'src/sim/devices/settings-wifi.yaml';

describe('Maestro flows on the virtual bench', () => {
  let suite: SuiteRun;
  const result = (name: string) => suite.results.find((r) => r.name === name)!;
  beforeAll(async () => {
    suite = await runMaestroSuite(['examples/maestro/settings-wifi', 'examples/maestro/failing'], DEVICE);
  }, 360000);

  it('passes the Wi-Fi flow (its sub-flow is not a test of its own); the run exits 1 for the flows that must not pass', () => {
    expect(suite.results.map((r) => [r.name, r.status])).toEqual([
      ['Connect to Wi-Fi', 'passed'],
      ['Tap by id', 'error'],
      ['Bluetooth is listed', 'failed'],
    ]);
    expect(suite.run.code, suite.run.stdout + suite.run.stderr).toBe(1);
    expect(readFileSync(join(result('Connect to Wi-Fi').stateDir, 'audit.jsonl'), 'utf8')).not.toContain(
      'correct horse',
    );
  });

  it("writes JUnit in `maestro test --format junit`'s shape that validates, with the report and the video attached", () => {
    const valid = spawnSync('xmllint', ['--noout', '--schema', XSD, suite.junit], { encoding: 'utf8' });
    expect(valid.status, valid.stderr).toBe(0);
    const testcase = '//testcase[@name="Connect to Wi-Fi"]';
    expect(xpath(suite.junit, `string(${testcase}/@classname)`)).toBe('Connect to Wi-Fi');
    expect(xpath(suite.junit, `string(${testcase}/@id)`)).toBe('Connect to Wi-Fi');
    expect(xpath(suite.junit, `string(${testcase}/@status)`)).toBe('SUCCESS');
    const attachments = [
      ...xpath(suite.junit, `string(${testcase}/system-out)`).matchAll(/\[\[ATTACHMENT\|(.+)\]\]/g),
    ].map((m) => m[1]!);
    expect(attachments.map((a) => a.split('/').at(-1))).toEqual(['report.html', 'video.mp4']);
    for (const file of attachments) expect(existsSync(file), file).toBe(true);
  });

  it('makes a video of the camera pictures, linked from the report', () => {
    const video = result('Connect to Wi-Fi').videoPath!;
    const probe = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', video],
      { encoding: 'utf8' },
    );
    expect(Number(probe)).toBeGreaterThan(2);
    expect(readFileSync(join(result('Connect to Wi-Fi').stateDir, 'report.html'), 'utf8')).toContain(
      '<a href="video.mp4">',
    );
  });

  it('fails the flow that must fail, naming the file, the line and the command, with its video', () => {
    const bluetooth = result('Bluetooth is listed');
    expect(bluetooth).toMatchObject({
      status: 'failed',
      failure: { step: expect.stringMatching(/settings-bluetooth\.yaml:9 \(assertVisible "Bluetooth"\)$/) },
    });
    expect(bluetooth.failure!.message).toMatch(/Assertion is false: "Text matching regex: Bluetooth" is visible/);
    expect(existsSync(bluetooth.videoPath!)).toBe(true);
    expect(xpath(suite.junit, 'string(//testcase[@name="Bluetooth is listed"]/@status)')).toBe('ERROR');
    expect(xpath(suite.junit, 'string(//testcase[@name="Bluetooth is listed"]/failure)')).toMatch(
      /assertVisible "Bluetooth"/,
    );
  });

  it('refuses the flow with an id selector before anything moves: no journal, no MCU command', () => {
    const byId = result('Tap by id');
    expect(byId).toMatchObject({
      status: 'error',
      failure: {
        kind: 'refused',
        message: expect.stringMatching(
          /^REFUSED .*by-id\.yaml:7: tapOn with an id selector needs a driver on the device/,
        ),
      },
    });
    expect(existsSync(join(byId.stateDir, 'journal.jsonl'))).toBe(false);
    expect(xpath(suite.junit, 'string(//testcase[@name="Tap by id"]/error/@type)')).toBe('refused');
  });
});

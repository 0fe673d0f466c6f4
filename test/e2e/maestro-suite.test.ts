// Maestro flows through `benchhand test --format junit` on the virtual settings app, through the
// camera model and OCR: a flow with relative selectors, repeat while, copyTextFrom, evalScript,
// runFlow with env and when, retry and typing passes. The JUnit file has Maestro's shape, validates
// against docs/junit/junit.xsd, and attaches the run's report and video. (maestro-failing.test.ts:
// the flows that must fail or cannot run.)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMaestroSuite, xpath, type SuiteRun } from '../support/maestro-suite.js';

const XSD = resolve('docs/junit/junit.xsd');
const DEVICE = 'src/sim/devices/settings-wifi.yaml';

describe('a Maestro flow on the virtual bench', () => {
  let passing: SuiteRun;
  beforeAll(async () => {
    passing = await runMaestroSuite('examples/maestro/settings-wifi', DEVICE);
  }, 240000);

  it('passes the Wi-Fi flow (its sub-flow is not a test of its own) and exits 0', () => {
    expect(passing.run.code, passing.run.stdout + passing.run.stderr).toBe(0);
    expect(passing.results.map((r) => [r.name, r.status])).toEqual([['Connect to Wi-Fi', 'passed']]);
    expect(readFileSync(join(passing.results[0]!.stateDir, 'audit.jsonl'), 'utf8')).not.toContain('correct horse');
  });

  it("writes JUnit in `maestro test --format junit`'s shape that validates, with the report and the video attached", () => {
    const valid = spawnSync('xmllint', ['--noout', '--schema', XSD, passing.junit], { encoding: 'utf8' });
    expect(valid.status, valid.stderr).toBe(0);
    const testcase = '//testcase[@name="Connect to Wi-Fi"]';
    expect(xpath(passing.junit, `string(${testcase}/@classname)`)).toBe('Connect to Wi-Fi');
    expect(xpath(passing.junit, `string(${testcase}/@id)`)).toBe('Connect to Wi-Fi');
    expect(xpath(passing.junit, `string(${testcase}/@status)`)).toBe('SUCCESS');
    const attachments = [
      ...xpath(passing.junit, `string(${testcase}/system-out)`).matchAll(/\[\[ATTACHMENT\|(.+)\]\]/g),
    ].map((m) => m[1]!);
    expect(attachments.map((a) => a.split('/').at(-1))).toEqual(['report.html', 'video.mp4']);
    for (const file of attachments) expect(existsSync(file), file).toBe(true);
  });

  it('makes a video of the camera pictures, linked from the report', () => {
    const video = passing.results[0]!.videoPath!;
    const probe = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', video],
      { encoding: 'utf8' },
    );
    expect(Number(probe)).toBeGreaterThan(2);
    expect(readFileSync(join(passing.results[0]!.stateDir, 'report.html'), 'utf8')).toContain('<a href="video.mp4">');
  });
});

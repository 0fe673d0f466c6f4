// The JUnit writer on awkward input: quotes, ampersands, angle brackets, control characters a
// screen's OCR may produce, and every status — checked by xmllint against docs/junit/junit.xsd.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedStepOf, type FlowResult } from '../../../src/app/suite/flow-result.js';
import { junitXml } from '../../../src/app/suite/junit.js';

const base = { tags: [], startedAt: '2026-12-01T10:00:00.000Z', stateDir: '/tmp/x', screenshots: [] };
const results: FlowResult[] = [
  {
    ...base,
    file: 'flows/a.yaml',
    name: 'a & <b>',
    status: 'passed',
    durationMs: 1234,
    sentence: 'Submitted "it"',
    reportPath: '/tmp/x/report.html',
    screenshots: ['done'],
  },
  {
    ...base,
    file: 'flows/b.yaml',
    name: 'b',
    status: 'failed',
    durationMs: 5,
    failure: {
      kind: 'halted',
      step: '2 (tap_text {"text":"Pay"})',
      message: 'script step 2 failed: "Pay\u0007" <is> not & on the screen\nsecond line',
    },
  },
  {
    ...base,
    file: 'flows/c.yaml',
    name: 'c',
    status: 'error',
    durationMs: 0,
    failure: { kind: 'load', message: 'c.yaml: 1 problem(s)' },
  },
  { ...base, file: 'flows/d.yaml', name: 'd', status: 'skipped', durationMs: 0 },
];

describe('JUnit XML', () => {
  it('escapes what it must, drops what XML cannot hold, and validates against the schema', () => {
    const xml = junitXml(
      {
        name: 'suite "one"',
        startedAt: '2026-12-01T10:00:00.123Z',
        durationMs: 2000,
        hostname: 'pi',
        bench: "a bench's rig",
      },
      results,
    );
    expect(xml).not.toContain('\u0007');
    expect(xml).toContain('name="a &amp; &lt;b&gt;"');
    expect(xml).toContain('[[ATTACHMENT|/tmp/x/report.html]]');
    expect(xml).toMatch(
      /<failure message="script step 2 failed: &quot;Pay&quot; &lt;is&gt; not &amp; on the screen" type="halted">failed step: 2/,
    );
    expect(xml).toContain('tests="4" failures="1" errors="1" skipped="1" time="2.000"');
    const file = join(mkdtempSync(join(tmpdir(), 'bh-junit-')), 'junit.xml');
    writeFileSync(file, xml);
    const lint = spawnSync('xmllint', ['--noout', '--schema', 'docs/junit/junit.xsd', file], { encoding: 'utf8' });
    expect(lint.status, lint.stderr).toBe(0);
  });

  it("finds the failed step in the script interpreter's halt reasons", () => {
    expect(
      failedStepOf('script step 3/flow.2 (tap_text {"text":"Pay"}) failed after 2 retries: verify_failed: ...'),
    ).toBe('3/flow.2 (tap_text {"text":"Pay"})');
    expect(failedStepOf('script step 2[3] (repeat until the screen has "X") ran its bound of 2 rounds')).toBe(
      '2[3] (repeat until the screen has "X")',
    );
    expect(failedStepOf('interrupt 1 (tap_text) failed: timeout')).toBeUndefined();
  });
});

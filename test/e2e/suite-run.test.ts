// `benchhand test` over the example suite (examples/flows) on virtual benches, through the camera
// and OCR: one flow fails on purpose and is reported so, the JUnit file is validated by a real
// consumer (xmllint against docs/junit/junit.xsd), every run's report is linked from the suite page.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/run-cli.js';

const XSD = resolve('docs/junit/junit.xsd');
const out = mkdtempSync(join(tmpdir(), 'bh-suite-'));
let run: CliResult;
let results: {
  status: string;
  name: string;
  failure?: { step?: string; message: string };
  stateDir: string;
  reportPath?: string;
  screenshots: string[];
}[];

const xmllint = (...args: string[]) => spawnSync('xmllint', args, { encoding: 'utf8' });
const xpath = (file: string, expression: string) =>
  execFileSync('xmllint', ['--xpath', expression, file], { encoding: 'utf8' }).trim();

describe('benchhand test on the example suite', () => {
  beforeAll(async () => {
    run = await runCli([
      'test',
      'examples/flows',
      '--sim',
      '--exclude-tags',
      'slow',
      '--format',
      'junit',
      '--output',
      out,
      '--env',
      'WIFI_PASSWORD=correct horse',
    ]);
    results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).results;
  }, 240000);

  it('runs every flow, reports the one failing on purpose with its step, and exits 1', () => {
    expect(run.code, run.stderr).toBe(1);
    const byName = Object.fromEntries(results.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual([
      'settings-bluetooth',
      'shop-address-missing',
      'shop-cart',
      'shop-gift-wrap',
      'sign-in-empty',
      'wifi-connect',
      'wifi-list',
    ]);
    expect(byName['settings-bluetooth']).toMatchObject({
      status: 'failed',
      failure: {
        step: '2 (assert_visible "Bluetooth")',
        message: expect.stringMatching(/the screen shows .*"Settings"/),
      },
    });
    expect(byName['shop-gift-wrap']!.status).toBe('skipped');
    for (const name of ['shop-address-missing', 'shop-cart', 'sign-in-empty', 'wifi-connect', 'wifi-list'])
      expect(byName[name]!.status, JSON.stringify(byName[name]!.failure)).toBe('passed');
    expect(run.stdout).toMatch(/^FAIL \[1\/7\] settings-bluetooth \(\d+\.\d s\): script step 2/m);
    expect(run.stdout).toMatch(/^PASS \[6\/7\] wifi-connect/m);
    expect(run.stdout).toMatch(/5 passed, 1 failed, 1 skipped in/);
  });

  it('writes JUnit XML that validates against the JUnit schema, with the failure, the step and the report attached', () => {
    const junit = join(out, 'junit.xml');
    const valid = xmllint('--noout', '--schema', XSD, junit);
    expect(valid.status, valid.stderr).toBe(0);
    expect(xpath(junit, 'count(//testcase)')).toBe('7');
    expect(xpath(junit, 'string(/testsuites/@failures)')).toBe('1');
    expect(xpath(junit, 'string(//testcase[failure]/@name)')).toBe('settings-bluetooth');
    expect(xpath(junit, 'string(//testcase[@name="settings-bluetooth"]/failure)')).toMatch(
      /^failed step: 2 \(assert_visible "Bluetooth"\)/,
    );
    expect(xpath(junit, 'count(//testcase[skipped])')).toBe('1');
    expect(Number(xpath(junit, 'string(//testcase[@name="wifi-connect"]/@time)'))).toBeGreaterThan(1);
    const attached = xpath(junit, 'string(//testcase[@name="wifi-connect"]/system-out)').match(
      /\[\[ATTACHMENT\|(.+)\]\]/,
    )![1]!;
    expect(existsSync(attached)).toBe(true);
    // The schema is not a rubber stamp: a testcase without its name is refused.
    const broken = join(out, 'broken.xml');
    writeFileSync(broken, readFileSync(junit, 'utf8').replace('<testcase name="wifi-list"', '<testcase'));
    expect(xmllint('--noout', '--schema', XSD, broken).status).not.toBe(0);
  });

  it("links every run's report from the suite page; screenshots are in the record and the report", () => {
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    for (const r of results.filter((x) => x.status !== 'skipped')) {
      const href = new RegExp(`href="([^"]*${r.stateDir.split('/').at(-1)}/report\\.html)"`).exec(page)?.[1];
      expect(href, r.name).toBeDefined();
      expect(existsSync(resolve(dirname(join(out, 'index.html')), href!))).toBe(true);
    }
    const wifi = results.find((r) => r.name === 'wifi-connect')!;
    expect(wifi.screenshots).toEqual(['connected']);
    expect(existsSync(join(wifi.stateDir, 'screenshots', 'connected.jpg'))).toBe(true);
    expect(readFileSync(wifi.reportPath!, 'utf8')).toMatch(/id="screenshot-connected"[^]*<img/);
  });

  it('each flow has its own record, and no flow — the failing one included — left an action without its outcome', () => {
    const dirs = new Set(results.filter((r) => r.status !== 'skipped').map((r) => r.stateDir));
    expect(dirs.size).toBe(6);
    for (const dir of dirs) {
      const journal = readFileSync(join(dir, 'journal.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { type: string; commandId?: number });
      const open = journal
        .filter((r) => r.type === 'intent')
        .filter((i) => !journal.some((o) => o.type === 'outcome' && o.commandId === i.commandId));
      expect(open, dir).toEqual([]);
      expect(JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')).status).toMatch(/submitted|halted/);
      expect(readFileSync(join(dir, 'audit.jsonl'), 'utf8')).not.toContain('correct horse');
    }
  });

  it('a broken flow stops the suite before any bench (exit 2, file and field named); tag filters skip in JUnit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-suite-bad-'));
    writeFileSync(join(dir, 'bad.yaml'), 'goal: Broken\nsteps:\n  - tap: "${MISSING}"\n');
    writeFileSync(join(dir, 'other.yaml'), 'goal: Not picked\ntags: [other]\nsteps:\n  - tap: OK\n');
    const args = ['test', dir, '--sim', '--exclude-tags', 'other', '--format', 'junit', '--output', join(dir, 'out')];
    // Bad input is refused as it loads, with the one exit code for bad input, and nothing runs.
    const refused = await runCli(args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/bad\.yaml.*\$\{MISSING\}/s);
    expect(refused.stderr).toMatch(/nothing was run/);
    expect(existsSync(join(dir, 'out', 'junit.xml'))).toBe(false);
    // With the broken file mended away, the tag filter leaves nothing to run and says so in JUnit.
    unlinkSync(join(dir, 'bad.yaml'));
    const filtered = await runCli(args);
    expect(filtered.code).toBe(0);
    const junit = join(dir, 'out', 'junit.xml');
    expect(xmllint('--noout', '--schema', XSD, junit).status).toBe(0);
    expect(xpath(junit, 'count(//testcase[@name="other"]/skipped)')).toBe('1');
  });
});

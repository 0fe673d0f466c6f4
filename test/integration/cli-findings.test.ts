// `benchhand findings` as a person runs it: list, acknowledge, dismiss, resolve, start, reopen, by
// id prefix, with the errors that say what to do; and the findings a real run saves, shared by
// every run under the default state directory.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FindingsStore } from '../../src/adapters/store/findings-store.js';
import type { FindingRecord } from '../../src/core/findings/finding-record.js';
import type { ObservedFinding } from '../../src/core/findings/save-rules.js';
import { runCli } from '../support/run-cli.js';

const observed = (subject: string, severity: ObservedFinding['severity'] = 'minor'): ObservedFinding => ({
  device: 'shop-checkout.yaml',
  screen: 'Checkout',
  kind: 'text',
  subject,
  severity,
  detail: `${subject}: wrong`,
});

async function seeded(...subjects: string[]): Promise<{ stateDir: string; ids: string[] }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'bh-cli-findings-'));
  const store = await FindingsStore.open(stateDir);
  const ids: string[] = [];
  for (const subject of subjects) ids.push((await store.save(observed(subject), { runId: 'run-0001' })).record.id);
  return { stateDir, ids };
}

const listJson = async (stateDir: string, ...args: string[]): Promise<FindingRecord[]> => {
  const { code, stdout, stderr } = await runCli(['findings', 'list', '--json', '--state-dir', stateDir, ...args]);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return JSON.parse(stdout) as FindingRecord[];
};

describe('benchhand findings', () => {
  it('lists, acknowledges, dismisses with a note, resolves, starts and reopens by id prefix', async () => {
    const { stateDir, ids } = await seeded('Pay button label', 'Promo banner overlaps total');
    const [pay, promo] = ids as [string, string];

    const listed = await runCli(['findings', '--state-dir', stateDir]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`2 of 2 findings in ${join(stateDir, 'findings.json')}`);
    expect(listed.stdout).toMatch(
      new RegExp(
        `${pay.slice(0, 12)}  new +minor +1x, last .*shop-checkout\\.yaml / Checkout / text: Pay button label`,
      ),
    );

    const ack = await runCli([
      'findings',
      'acknowledge',
      pay.slice(0, 6),
      '--note',
      'seen',
      '--by',
      'ana',
      '--state-dir',
      stateDir,
    ]);
    expect(ack).toMatchObject({ code: 0, stderr: '' });
    expect(ack.stdout).toBe(`${pay.slice(0, 12)} is now acknowledged (was new): Pay button label\n`);
    const again = await runCli(['findings', 'acknowledge', pay, '--state-dir', stateDir]);
    expect(again.stdout).toContain('is already acknowledged; nothing changed');

    expect(
      (
        await runCli([
          'findings',
          'dismiss',
          promo.slice(0, 8),
          '--note',
          'marketing wants it',
          '--by',
          'bo',
          '--state-dir',
          stateDir,
        ])
      ).code,
    ).toBe(0);
    expect((await listJson(stateDir, '--status', 'dismissed')).map((f) => [f.id, f.history.at(-1)])).toEqual([
      [promo, { status: 'dismissed', at: expect.any(String), by: 'bo', note: 'marketing wants it' }],
    ]);
    expect((await listJson(stateDir, '--status', 'acknowledged,new')).map((f) => f.id)).toEqual([pay]);

    expect((await runCli(['findings', 'start', pay.slice(0, 10), '--by', 'ana', '--state-dir', stateDir])).code).toBe(
      0,
    );
    expect(
      (
        await runCli([
          'findings',
          'resolve',
          pay.slice(0, 10),
          '--note',
          'fixed in 2.3',
          '--by',
          'ana',
          '--state-dir',
          stateDir,
        ])
      ).code,
    ).toBe(0);
    expect((await runCli(['findings', 'reopen', promo.slice(0, 10), '--by', 'cy', '--state-dir', stateDir])).code).toBe(
      0,
    );
    const [first, second] = await listJson(stateDir);
    expect(first).toMatchObject({ id: promo, status: 'new' });
    expect(second!.history.map((entry) => [entry.status, entry.by, entry.note])).toEqual([
      ['new', 'benchhand agent', 'first found in run run-0001'],
      ['acknowledged', 'ana', 'seen'],
      ['in_progress', 'ana', undefined],
      ['resolved', 'ana', 'fixed in 2.3'],
    ]);

    // What the people decided holds when the agent finds the same problems again.
    const agent = await FindingsStore.open(stateDir);
    expect((await agent.save(observed('pay button label'))).reason).toBe('skipped_resolved');
    expect((await agent.save(observed('Promo banner overlaps total', 'major'))).reason).toBe('updated');
    // Eight CLI processes one after another: a budget for a busy two-core machine, not a speed test.
  }, 120000);

  it('names the problem and the fix for a bad id, a missing note, a bad action or status', async () => {
    const { stateDir, ids } = await seeded('Pay button label');
    const path = join(stateDir, 'findings.json');

    const unknown = await runCli(['findings', 'acknowledge', 'ffffffffff', '--state-dir', stateDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      `no finding has an id starting with "ffffffffff" in ${path}: see the ids with \`benchhand findings list --state-dir ${stateDir}\``,
    );

    const short = await runCli(['findings', 'resolve', ids[0]!.slice(0, 5), '--state-dir', stateDir]);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('is too short: give at least 6 characters of the id');

    const notHex = await runCli(['findings', 'resolve', 'pay-button', '--state-dir', stateDir]);
    expect(notHex.code).toBe(2);
    expect(notHex.stderr).toContain('"pay-button" is not a finding id (ids are hex digits');

    const noNote = await runCli(['findings', 'dismiss', ids[0]!, '--state-dir', stateDir]);
    expect(noNote.code).toBe(2);
    expect(noNote.stderr).toContain(
      `dismiss needs a note saying why (it stays in the finding's history, and the agent is shown it): benchhand findings dismiss ${ids[0]} --note "TEXT"`,
    );
    expect((await listJson(stateDir)).every((finding) => finding.status === 'new')).toBe(true);

    const action = await runCli(['findings', 'fix', ids[0]!, '--state-dir', stateDir]);
    expect(action.code).toBe(2);
    expect(action.stderr).toContain('unknown action "fix": use list, acknowledge, start, resolve, dismiss, reopen');
    const noId = await runCli(['findings', 'resolve', '--state-dir', stateDir]);
    expect(noId.stderr).toContain('resolve needs the id of a finding');
    const status = await runCli(['findings', 'list', '--status', 'open', '--state-dir', stateDir]);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('unknown status "open": use new, acknowledged, in_progress, dismissed, resolved');
  });

  it('lists the matches of an ambiguous prefix', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-cli-findings-'));
    const record = (id: string, subject: string) => ({
      id,
      device: 'phone',
      screen: 'Checkout',
      kind: 'text',
      subject,
      severity: 'minor',
      detail: 'x',
      status: 'new',
      firstSeen: '2026-01-01T00:00:00.000Z',
      lastSeen: '2026-01-01T00:00:00.000Z',
      occurrences: 1,
      history: [{ status: 'new', at: '2026-01-01T00:00:00.000Z', by: 'benchhand agent' }],
      runIds: [],
    });
    const twins = ['abcdef0123456789abcdef0123456789', 'abcdef0fedcba987abcdef0123456789'];
    writeFileSync(
      join(stateDir, 'findings.json'),
      JSON.stringify({ version: 1, findings: [record(twins[0]!, 'Pay'), record(twins[1]!, 'Total')] }),
    );
    const ambiguous = await runCli(['findings', 'acknowledge', 'ABCDEF0', '--state-dir', stateDir]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain('"ABCDEF0" matches 2 findings; give more characters of the id:');
    expect(ambiguous.stderr).toMatch(/abcdef0123456789abcdef0123456789  new .*: Pay\n/);
    expect(ambiguous.stderr).toMatch(/abcdef0fedcba987abcdef0123456789  new .*: Total/);
    const exact = await runCli(['findings', 'acknowledge', 'abcdef01', '--state-dir', stateDir]);
    expect(exact.stdout).toBe('abcdef012345 is now acknowledged (was new): Pay\n');
  });

  it('refuses a damaged findings.json and changes nothing', async () => {
    const { stateDir, ids } = await seeded('Pay button label', 'Total');
    const path = join(stateDir, 'findings.json');
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, 200));
    const listed = await runCli(['findings', 'list', '--state-dir', stateDir]);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toContain(`${path} cannot be used: it is not valid JSON, perhaps cut short`);
    expect(listed.stderr).toMatch(/The previous copy .*findings\.prev\.json is intact \(1 findings/);
    const ack = await runCli(['findings', 'acknowledge', ids[0]!, '--state-dir', stateDir]);
    expect(ack.code).toBe(1);
    expect(readFileSync(path, 'utf8')).toHaveLength(200);
  });

  it('says so when there are no findings yet, and defaults to the state directory in the environment', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-cli-findings-'));
    const empty = await runCli(['findings'], '', { BENCHHAND_STATE_DIR: stateDir });
    expect(empty).toMatchObject({ code: 0, stdout: `no findings yet in ${join(stateDir, 'findings.json')}\n` });
    expect((await runCli(['findings', '--json'], '', { BENCHHAND_STATE_DIR: stateDir })).stdout).toBe('[]\n');
    const help = await runCli(['findings', '--help'], '', { BENCHHAND_STATE_DIR: stateDir });
    expect(help.stdout).toContain(`(${stateDir}), which is where \`benchhand run\` without --state-dir keeps them`);
  });

  it('shares the findings of runs in the default state directory, one record per problem', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-cli-findings-runs-'));
    const taskDir = mkdtempSync(join(tmpdir(), 'bh-cli-findings-task-'));
    const taskFile = join(taskDir, 'report.task.yaml');
    writeFileSync(
      taskFile,
      [
        'device: settings-wifi.yaml',
        'goal: Report that the settings screen has no help link.',
        'steps:',
        '  - finding: { kind: ux, subject: No help link, detail: The settings screen has no help link., severity: minor }',
        '  - submit: { summary: Reported., result: { reported: true } }',
        '',
      ].join('\n'),
    );
    const device = resolve('src/sim/devices/settings-wifi.yaml');
    for (let run = 1; run <= 2; run++) {
      const result = await runCli(['run', taskFile, '--sim', device, '--approve', 'none', '--quiet'], '', {
        BENCHHAND_STATE_DIR: stateDir,
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    }
    const [finding, ...others] = await listJson(stateDir);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      device: 'settings-wifi.yaml',
      kind: 'ux',
      subject: 'No help link',
      status: 'new',
      occurrences: 2,
    });
    expect(finding!.runIds).toHaveLength(2);

    // A damaged findings file stops the next run before it moves anything.
    writeFileSync(join(stateDir, 'findings.json'), '');
    const refused = await runCli(['run', taskFile, '--sim', device, '--approve', 'none', '--quiet'], '', {
      BENCHHAND_STATE_DIR: stateDir,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${join(stateDir, 'findings.json')} cannot be used: it is empty (0 bytes)`);
    expect(refused.stderr).toMatch(/The previous copy .*findings\.prev\.json is intact \(1 findings/);
  }, 180000);
});

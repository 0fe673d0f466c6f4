// The findings database on a real disk: complete after every save, status kept across openings,
// a failed write leaves the old file, and a damaged file is refused with advice.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FindingsFileError } from '../../../src/adapters/store/findings-file.js';
import { FindingsStore } from '../../../src/adapters/store/findings-store.js';
import { findingsFileSchema } from '../../../src/core/findings/finding-record.js';
import type { ObservedFinding } from '../../../src/core/findings/save-rules.js';

const observed = (subject: string): ObservedFinding => ({
  device: 'phone',
  screen: 'Wi-Fi',
  kind: 'text',
  subject,
  severity: 'minor',
  detail: `${subject} is wrong`,
});
const tempDir = () => mkdtempSync(join(tmpdir(), 'bh-findings-'));
const fileIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'findings.json'), 'utf8')) as unknown;
let tick = 0;
const clock = () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)).toISOString();

describe('findings store', () => {
  it('writes a complete, valid file after every save and keeps the previous copy', async () => {
    const dir = tempDir();
    const store = await FindingsStore.open(dir, { now: clock });
    for (let n = 1; n <= 5; n++) {
      const { reason } = await store.save(observed(`label ${n}`), { runId: 'run-1' });
      expect(reason).toBe('created');
      const onDisk = findingsFileSchema.parse(fileIn(dir));
      expect(onDisk.findings).toHaveLength(n);
      if (n > 1)
        expect(
          findingsFileSchema.parse(JSON.parse(readFileSync(join(dir, 'findings.prev.json'), 'utf8'))).findings,
        ).toHaveLength(n - 1);
    }
  });

  it('updates one record when the same problem is found again, by another store later', async () => {
    const dir = tempDir();
    const first = await (
      await FindingsStore.open(dir, { now: clock })
    ).save(observed('Pay button label'), { runId: 'run-1' });
    const second = await (
      await FindingsStore.open(dir, { now: clock })
    ).save({ ...observed('pay  button LABEL'), severity: 'major' }, { runId: 'run-2' });
    expect(second.reason).toBe('updated');
    expect(second.record.id).toBe(first.record.id);
    expect(second.record).toMatchObject({
      occurrences: 2,
      severity: 'major',
      runIds: ['run-1', 'run-2'],
      status: 'new',
    });
    expect(await (await FindingsStore.open(dir)).list()).toEqual([second.record]);
  });

  it('keeps a status a person set while the agent store was open (it re-reads before saving)', async () => {
    const dir = tempDir();
    const agent = await FindingsStore.open(dir, { now: clock });
    const { record } = await agent.save(observed('Pay button label'));
    const person = await FindingsStore.open(dir, { now: clock });
    await person.setStatus(record.id, { status: 'acknowledged', by: 'ana', note: 'will fix' });
    const again = await agent.save(observed('Pay button label'));
    expect(again).toMatchObject({ reason: 'updated', record: { status: 'acknowledged', occurrences: 2 } });
    await person.setStatus(record.id, { status: 'dismissed', by: 'ana', note: 'by design' });
    const before = readFileSync(join(dir, 'findings.json'), 'utf8');
    expect((await agent.save(observed('Pay button label'))).reason).toBe('skipped_dismissed');
    expect(readFileSync(join(dir, 'findings.json'), 'utf8')).toBe(before); // nothing written
    await person.setStatus(record.id, { status: 'resolved', by: 'bo' });
    expect((await agent.save(observed('Pay button label'))).reason).toBe('skipped_resolved');
  });

  it('queues saves made at the same moment, so none is lost', async () => {
    const dir = tempDir();
    const store = await FindingsStore.open(dir);
    await Promise.all(Array.from({ length: 10 }, (_, n) => store.save(observed(`label ${n}`))));
    expect(findingsFileSchema.parse(fileIn(dir)).findings).toHaveLength(10);
  });

  it('leaves the old file and its memory as they were when a write fails', async () => {
    const dir = tempDir();
    const store = await FindingsStore.open(dir);
    await store.save(observed('first'));
    const before = readFileSync(join(dir, 'findings.json'), 'utf8');
    // The temp file's name taken by a directory: the write fails before anything is renamed.
    const blocker = join(dir, `.findings.json.${process.pid}.tmp`);
    mkdirSync(blocker);
    await expect(store.save(observed('second'))).rejects.toThrow(/EISDIR|illegal operation on a directory/);
    expect(readFileSync(join(dir, 'findings.json'), 'utf8')).toBe(before);
    rmSync(blocker, { recursive: true });
    expect((await store.list()).map((finding) => finding.subject)).toEqual(['first']);
    expect((await store.save(observed('second'))).reason).toBe('created');
  });

  it('opens a directory with no file as empty, without creating anything', async () => {
    const dir = join(tempDir(), 'not-yet');
    const store = await FindingsStore.open(dir);
    expect(await store.list()).toEqual([]);
    await store.save(observed('first'));
    expect(findingsFileSchema.parse(fileIn(dir)).findings).toHaveLength(1);
  });

  describe('refuses a damaged findings.json', () => {
    const cases: [string, string, RegExp][] = [
      ['empty', '', /it is empty \(0 bytes\)/],
      ['cut short', '{"version":1,"findings":[{"id":"a1', /it is not valid JSON, perhaps cut short/],
      ['garbage', '\u0000\u0001garbage', /it is not valid JSON/],
      ['a later version', '{"version":2,"findings":[]}', /it is version 2 and this benchhand reads version 1/],
      [
        'missing fields',
        '{"version":1,"findings":[{"id":"a1dba36be6fd09d1eeb6c07829270a1f"}]}',
        /does not match the findings schema: \.findings\[0\]\.device/,
      ],
      [
        'a bad status',
        JSON.stringify({ version: 1, findings: [{ ...validRecord(), status: 'fixed' }] }),
        /\.findings\[0\]\.status/,
      ],
      ['a duplicate id', JSON.stringify({ version: 1, findings: [validRecord(), validRecord()] }), /appears twice/],
    ];

    it.each(cases)('%s: names the file and the problem, changes nothing', async (_name, content, problem) => {
      const dir = tempDir();
      writeFileSync(join(dir, 'findings.json'), content);
      const error = await FindingsStore.open(dir).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FindingsFileError);
      expect((error as Error).message).toContain(`${join(dir, 'findings.json')} cannot be used:`);
      expect((error as Error).message).toMatch(problem);
      expect((error as Error).message).toMatch(
        /There is no previous copy .*findings\.prev\.json.*mv .*findings\.json .*findings\.json\.damaged/,
      );
      expect(readFileSync(join(dir, 'findings.json'), 'utf8')).toBe(content);
    });

    it('points at an intact previous copy and how to restore it', async () => {
      const dir = tempDir();
      const store = await FindingsStore.open(dir);
      await store.save(observed('first'));
      await store.save(observed('second'));
      writeFileSync(join(dir, 'findings.json'), '{"version":1,"findi');
      await expect(store.save(observed('third'))).rejects.toThrow(
        /The previous copy .*findings\.prev\.json is intact \(1 findings, written .*\): compare the two, then restore it with cp .*findings\.prev\.json .*findings\.json/,
      );
      expect(readFileSync(join(dir, 'findings.json'), 'utf8')).toBe('{"version":1,"findi');
      await expect(FindingsStore.open(dir)).rejects.toThrow(FindingsFileError);
    });

    it('says when the previous copy is damaged too', async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'findings.json'), '');
      writeFileSync(join(dir, 'findings.prev.json'), '[]');
      await expect(FindingsStore.open(dir)).rejects.toThrow(
        /The previous copy .*findings\.prev\.json is damaged too \(it does not match the findings schema/,
      );
    });
  });
});

function validRecord() {
  return {
    id: 'a1dba36be6fd09d1eeb6c07829270a1f',
    device: 'phone',
    screen: 'Wi-Fi',
    kind: 'text',
    subject: 'Pay',
    severity: 'minor',
    detail: 'x',
    status: 'new',
    firstSeen: '2026-01-01T00:00:00.000Z',
    lastSeen: '2026-01-01T00:00:00.000Z',
    occurrences: 1,
    history: [{ status: 'new', at: '2026-01-01T00:00:00.000Z', by: 'benchhand agent' }],
    runIds: [],
  };
}

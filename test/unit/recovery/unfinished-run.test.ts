// `benchhand run` over a state directory with an unfinished run refuses and says to resume
// (was: a new continuation silently overwrote the crashed run's record); --fresh archives the
// old record first, keeping the command ids and findings in place.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeResultFile } from '../../../src/adapters/store/result-file.js';
import { makeRoomForNewRun, UnfinishedRunError } from '../../../src/app/agent/unfinished-run.js';
import { checkpoint } from '../../support/recovery-fixtures.js';

async function withRun(status: 'running' | 'submitted' | 'halted'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bh-unfinished-'));
  await writeResultFile(dir, checkpoint({ status }));
  writeFileSync(join(dir, 'journal.jsonl'), '{"type":"run"}\n');
  writeFileSync(join(dir, 'mcu-command-ids.json'), '{"version":1,"reservedThrough":2000}\n');
  writeFileSync(join(dir, 'findings.json'), '{}\n');
  return dir;
}

describe('run over a state directory that holds a run', () => {
  it('an empty directory is fine', async () => {
    expect(await makeRoomForNewRun(mkdtempSync(join(tmpdir(), 'bh-empty-')), { fresh: false })).toBeUndefined();
  });

  it.each(['running', 'halted'] as const)('an unfinished (%s) run is refused with what to do', async (status) => {
    const dir = await withRun(status);
    const refusal = makeRoomForNewRun(dir, { fresh: false });
    await expect(refusal).rejects.toBeInstanceOf(UnfinishedRunError);
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `holds an unfinished run \\(continuation c0ffee00.*${status}\\)\\. Pick it up with \`benchhand resume TASK --state-dir .*--fresh`,
      ),
    );
    expect(existsSync(join(dir, 'result.json'))).toBe(true);
  });

  it('a damaged record is refused too (it may be an unfinished run)', async () => {
    const dir = await withRun('running');
    writeFileSync(join(dir, 'result.json'), '{');
    await expect(makeRoomForNewRun(dir, { fresh: false })).rejects.toThrow(
      /its result file cannot be read: unparseable/,
    );
  });

  it('a finished run is no obstacle', async () => {
    expect(await makeRoomForNewRun(await withRun('submitted'), { fresh: false })).toBeUndefined();
  });

  it('--fresh archives the old record into a timestamped folder, keeping command ids and findings', async () => {
    const dir = await withRun('running');
    const archived = await makeRoomForNewRun(dir, { fresh: true, now: () => new Date('2025-06-01T12:00:00.000Z') });
    expect(archived).toBe(join(dir, 'archive', '2025-06-01T12-00-00-000Z'));
    expect(readdirSync(archived!).sort()).toEqual(['journal.jsonl', 'result.json']);
    expect(existsSync(join(dir, 'result.json'))).toBe(false);
    expect(readFileSync(join(dir, 'mcu-command-ids.json'), 'utf8')).toMatch(/2000/);
    expect(existsSync(join(dir, 'findings.json'))).toBe(true);
    expect(await makeRoomForNewRun(dir, { fresh: false })).toBeUndefined();
  });
});

describe('what is not a run', () => {
  it('an audit log alone (a resume that found no record wrote its stop there) does not block a run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-audit-only-'));
    writeFileSync(join(dir, 'audit.jsonl'), '{"tool":"recovery"}\n');
    expect(await makeRoomForNewRun(dir, { fresh: false })).toBeUndefined();
  });
});

// Recovery on real state directories (issue 14.5 and 14.6): bad files stop it with the file, the
// problem and the fix in one sentence, every read is capped, and nothing of a foreign file is
// echoed. Each case is a recovery stop with its code (the CLI maps corrupt to exit 21).
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeResultFile } from '../../../src/adapters/store/result-file.js';
import { recoverer } from '../../../src/app/agent/recover.js';
import { preflightStateDir } from '../../../src/app/agent/state-dir-preflight.js';
import type { ObserverPort } from '../../../src/core/ports/observer.js';
import type { JournalRecord } from '../../../src/core/ports/run-store.js';
import {
  checkpoint,
  GOAL,
  intent,
  outcome,
  seeing,
  settledJournal,
  verified,
} from '../../support/recovery-fixtures.js';

const isRoot = process.getuid?.() === 0;
const observer: ObserverPort = {
  observe: async () => seeing('Internet', 'Wi-Fi'),
  describe: () => 'test screen',
  close: async () => undefined,
};
const fresh = () => ({
  savedAt: new Date().toISOString(),
  lastVerifiedScreen: { at: new Date().toISOString(), step: 1, text: 'Internet\nWi-Fi' },
});
const journalText = (records: JournalRecord[]) =>
  records.map((r) => JSON.stringify({ ...r, at: new Date().toISOString() })).join('\n') + '\n';

async function stateDir(records: JournalRecord[] = settledJournal(), saved = checkpoint(fresh())): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bh-recover-'));
  await writeResultFile(dir, saved);
  writeFileSync(join(dir, 'journal.jsonl'), journalText(records));
  return dir;
}

/** `looks`: how many times recovery asked for the observer (which starts the camera and the reader). */
async function recover(dir: string, seen: ObserverPort = observer) {
  const said: string[] = [];
  let looks = 0;
  const result = await recoverer(dir, GOAL, (line) => said.push(line))(async () => {
    looks++;
    return seen;
  });
  return { result, said: said.join('\n'), looks };
}

describe('recovery over sound files', () => {
  it('a TYPE cut off by a crash: the resumed script cursor holds how much is in the field (issue 27 item 5)', async () => {
    const text = 'correct horse battery';
    const typing = intent(9, {
      step: 3,
      tool: 'type_text',
      action: { kind: 'type', text },
      expectation: { kind: 'text_appears', text, where: { ending: true } },
      screenBefore: 'Internet\nWi-Fi',
    });
    const dir = await stateDir([...settledJournal(), typing]);
    const { result, said } = await recover(dir, {
      ...observer,
      observe: async () => seeing('Internet', 'Wi-Fi', 'correct ho'),
    });
    expect(said).toMatch(/^recovery: verify_then_retry/);
    expect('stop' in result ? undefined : result.scriptCursor).toMatchObject({ estopTyped: 10 });
    expect('stop' in result ? undefined : result.scriptAdvanceBy).toBe(0);
  });

  it('continues, and records the decision in the audit log', async () => {
    const dir = await stateDir();
    const { result, said, looks } = await recover(dir);
    expect(said).toMatch(/^recovery: continue/);
    expect('stop' in result).toBe(false);
    expect(looks).toBe(1);
    expect(readFileSync(join(dir, 'audit.jsonl'), 'utf8')).toMatch(/"tool":"recovery","args":\{\},"status":"continue"/);
  });

  it('reads a 10 MB journal (no "Maximum call stack size exceeded") and decides on it', async () => {
    const records: JournalRecord[] = [...settledJournal()];
    for (let id = 100; records.length < 24000; id++)
      records.push(intent(id, { screenBefore: 'x'.repeat(700) }), outcome(id), verified(id));
    const dir = await stateDir(records);
    expect(readFileSync(join(dir, 'journal.jsonl')).length).toBeGreaterThan(10_000_000);
    const { result, said } = await recover(dir);
    expect(said).toMatch(/^recovery: continue/);
    expect('stop' in result ? undefined : result.step).toBeGreaterThanOrEqual(3);
  }, 30000);
});

describe('recovery stops on a bad file, saying which, what and what to do', () => {
  const stopsWith = async (dir: string, message: RegExp) => {
    const { result, said, looks } = await recover(dir);
    expect(result).toMatchObject({ stop: { kind: 'stop', code: 'corrupt' } });
    expect(said).toMatch(message);
    // A record it cannot trust stops before the camera and the reader are even started.
    expect(looks).toBe(0);
    return said;
  };

  it('result.json that is a directory (was: EISDIR)', async () => {
    const dir = await stateDir();
    rmSync(join(dir, 'result.json'));
    mkdirSync(join(dir, 'result.json'));
    await stopsWith(dir, /result.json is a directory, not a result file: move it aside \(mv .*\)/);
  });

  it.skipIf(isRoot)(
    'result.json that cannot be read (was: EACCES) — skipped when run as root, where chmod 000 does not stop reads',
    async () => {
      const dir = await stateDir();
      chmodSync(join(dir, 'result.json'), 0o000);
      await stopsWith(
        dir,
        /result.json cannot be read \(permission denied\): give the user running benchhand read access/,
      );
    },
  );

  it.each(['result.json', 'journal.jsonl'])(
    '%s as a symlink to /dev/zero is not read (was: read until memory ran out)',
    async (name) => {
      const dir = await stateDir();
      unlinkSync(join(dir, name));
      symlinkSync('/dev/zero', join(dir, name));
      // The message comes from the O_NOFOLLOW open refusing the link: /dev/zero was never opened, let alone read.
      await stopsWith(
        dir,
        new RegExp(
          `${name.replace('.', '\\.')} is a symbolic link, not the regular file benchhand writes there: it is not followed or read`,
        ),
      );
    },
  );

  it.each(['result.json', 'journal.jsonl'])('%s as a symlink to /etc/passwd: nothing of it is echoed', async (name) => {
    const dir = await stateDir();
    unlinkSync(join(dir, name));
    symlinkSync('/etc/passwd', join(dir, name));
    const said = await stopsWith(dir, /is a symbolic link/);
    expect(said).not.toMatch(/root:|nologin|\/bin\/(ba)?sh/);
  });

  it('/etc/passwd copied over result.json: refused as not JSON, nothing echoed', async () => {
    const dir = await stateDir();
    writeFileSync(join(dir, 'result.json'), readFileSync('/etc/passwd'));
    const said = await stopsWith(dir, /result.json is not complete JSON/);
    expect(said).not.toMatch(/root:|nologin/);
  });

  it('a result file over the size cap is not read', async () => {
    const dir = await stateDir();
    writeFileSync(join(dir, 'result.json'), Buffer.alloc(9 * 1024 * 1024, 0x20));
    await stopsWith(dir, /result.json is 9.0 MiB, more than a result file can be \(8.0 MiB\): it is not read/);
  });

  it.each([
    ['42', /journal.jsonl line 5 is damaged: it is not a journal record \(it is a number/],
    ['{"type":"intent"}', /journal.jsonl line 5 is damaged: it is not a journal record \(field at/],
  ])('a journal line %s (was: accepted, or "Cannot read properties of undefined")', async (line, message) => {
    const dir = await stateDir();
    writeFileSync(
      join(dir, 'journal.jsonl'),
      `${readFileSync(join(dir, 'journal.jsonl'), 'utf8')}${line}\n${JSON.stringify({ ...verified(7), at: new Date().toISOString() })}\n`,
    );
    await stopsWith(dir, message);
  });

  it('a journal deleted after a crash just after typing (was: continue, the password typed twice)', async () => {
    const typing = checkpoint(
      { ...fresh() },
      { phase: 'journal', current: { tool: 'type_text', args: {}, commandId: 9 }, lastCommandId: 9 },
    );
    const dir = await stateDir(
      [...settledJournal(), intent(9, { tool: 'type_text', expectation: { kind: 'none' } }), outcome(9)],
      typing,
    );
    unlinkSync(join(dir, 'journal.jsonl'));
    await stopsWith(dir, /journal.jsonl is missing, but result.json shows actions up to command 9/);
  });

  it('a journal whose last two records were cut after that crash (was: continue)', async () => {
    const typing = checkpoint(
      { ...fresh() },
      { phase: 'journal', current: { tool: 'type_text', args: {}, commandId: 9 }, lastCommandId: 9 },
    );
    const dir = await stateDir(
      [...settledJournal(), intent(9, { tool: 'type_text', expectation: { kind: 'none' } }), outcome(9)],
      typing,
    );
    const lines = readFileSync(join(dir, 'journal.jsonl'), 'utf8').split('\n').filter(Boolean);
    writeFileSync(join(dir, 'journal.jsonl'), `${lines.slice(0, -2).join('\n')}\n`);
    await stopsWith(
      dir,
      /result.json shows command 9, but journal.jsonl has no intent for it: the journal ends before the result's last action/,
    );
  });

  it('a savedAt a year ahead, or "not a date" (was: passed the staleness check)', async () => {
    const ahead = await stateDir(
      settledJournal(),
      checkpoint({ ...fresh(), savedAt: new Date(Date.now() + 365 * 86400000).toISOString() }),
    );
    await stopsWith(ahead, /savedAt is \d+ min ahead of this machine's clock .*check the clock \(timedatectl\)/);
    const notADate = await stateDir(settledJournal(), checkpoint({ ...fresh(), savedAt: 'not a date' }));
    await stopsWith(notADate, /savedAt is not an ISO 8601 time/);
  });

  it("another task's record, or a finished run: stopped from the record alone, without a look at the device", async () => {
    const dir = await stateDir();
    const said: string[] = [];
    let looks = 0;
    const look = async () => {
      looks++;
      return observer;
    };
    const foreign = await recoverer(dir, 'Something else entirely.', (line) => said.push(line))(look);
    expect(foreign).toMatchObject({ stop: { kind: 'stop', code: 'foreign' } });
    const finished = await stateDir(settledJournal(), checkpoint({ ...fresh(), status: 'submitted' }));
    expect(await recoverer(finished, GOAL, (line) => said.push(line))(look)).toMatchObject({
      stop: { code: 'finished' },
    });
    expect(said.join('\n')).toMatch(/belongs to another task[\s\S]*nothing to resume/);
    expect(looks).toBe(0);
  });

  it('a result.json from another run beside this journal', async () => {
    const dir = await stateDir(
      settledJournal(),
      checkpoint({ ...fresh(), continuationId: 'c-from-another-bench-run' }),
    );
    await stopsWith(
      dir,
      /result.json belongs to continuation c-from-another-bench-run, but journal.jsonl beside it names continuation/,
    );
  });
});

describe('a damaged mcu-command-ids.json is found when the run starts', () => {
  it.each([
    [
      'not JSON',
      (path: string) => writeFileSync(path, 'garbage'),
      /mcu-command-ids.json: field reservedThrough must be a whole number/,
    ],
    [
      'a negative id',
      (path: string) => writeFileSync(path, '{"version":1,"reservedThrough":-4}'),
      /field reservedThrough must be a whole number from 0/,
    ],
    [
      'a symlink to /dev/zero',
      (path: string) => symlinkSync('/dev/zero', path),
      /mcu-command-ids.json is a symbolic link/,
    ],
  ])('%s: a stop before anything connects', async (_name, damage, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-ids-'));
    expect(await preflightStateDir(dir)).toBeUndefined();
    damage(join(dir, 'mcu-command-ids.json'));
    const stop = await preflightStateDir(dir);
    expect(stop).toMatchObject({ kind: 'stop', code: 'corrupt' });
    expect(stop!.reasons.join(' ')).toMatch(message);
  });
});

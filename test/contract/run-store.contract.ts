// One contract for every RunStore: the file store (real fsync'd files in a temp state directory)
// and the in-memory one must both pass it, so recovery can trust what any store hands it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord, JournalRecord, RunStore } from '../../src/core/ports/run-store.js';
import { checkpointChecksum } from '../../src/core/state/checkpoint-checksum.js';
import { checkpoint, intent, outcome, runLine, verified } from '../support/recovery-fixtures.js';

export interface RunStoreSubject {
  store: RunStore;
  /** A new store on the same state (the agent restarted): what it reads is what reached the disk. */
  reopen(): Promise<RunStore>;
  /** A crash in the middle of an append: these bytes of a journal line reached the disk, its newline did not. */
  tearJournal(partial: string): Promise<void>;
  /** Changes one character of the stored result file, as bit rot or a hand edit would. */
  damageCheckpoint(): Promise<void>;
  /** The audit log's lines as stored, parsed. */
  auditLines(): Promise<unknown[]>;
  /** Whether anything exists outside the notes (a note name that escaped would show here). */
  filesBesideNotes(): Promise<string[]>;
  teardown(): Promise<void>;
}

const audit = (step: number): AuditRecord => ({
  at: '2025-06-01T12:00:00.000Z',
  runId: 'r0ffee00-run',
  step,
  tool: 'tap_text',
  args: { text: `item ${step}` },
  status: 'ok',
  message: 'tapped',
  durationMs: 12,
  commandId: step,
});

export function describeRunStoreContract(name: string, setup: () => Promise<RunStoreSubject>): void {
  describe(`RunStore contract: ${name}`, () => {
    let subject: RunStoreSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.teardown();
    });
    const store = () => subject.store;

    it('reads back nothing from a new state: no checkpoint (said so), an empty journal that does not exist yet', async () => {
      const loaded = await store().loadCheckpoint();
      expect(loaded).toMatchObject({ ok: false, problem: 'missing' });
      expect(await store().loadJournal()).toEqual({ ok: true, exists: false, records: [], tornLastLine: false });
      expect(await store().listNotes()).toEqual([]);
    });

    it('reads back the checkpoint it saved, with its checksum, also from a reopened store; the last save wins', async () => {
      const first = checkpoint({}, { step: 3 });
      await store().saveCheckpoint(first);
      const second = checkpoint({ status: 'answered', result: { ssid: 'HomeNet-5G' } }, { step: 4, phase: 'finished' });
      await store().saveCheckpoint(second);
      for (const reader of [store(), await subject.reopen()]) {
        const loaded = await reader.loadCheckpoint();
        if (!loaded.ok) throw new Error(loaded.message);
        expect(loaded.checkpoint).toEqual({ ...second, checksum: checkpointChecksum(second) });
      }
    });

    it('reads back journal lines in the order they were appended', async () => {
      const records: JournalRecord[] = [
        runLine(),
        intent(7),
        outcome(7),
        verified(7),
        intent(8, { step: 2 }),
        outcome(8, 2),
      ];
      for (const record of records) await store().appendJournal(record);
      const loaded = await (await subject.reopen()).loadJournal();
      expect(loaded).toEqual({ ok: true, exists: true, records, tornLastLine: false });
    });

    it('keeps every line whole and in call order when appends run concurrently', async () => {
      const before = await store().loadJournal();
      if (!before.ok) throw new Error(before.message);
      // Long lines (several KB) make a torn or interleaved write visible if appends are not serialised.
      const many = Array.from({ length: 40 }, (_, i) =>
        intent(100 + i, { step: 10 + i, screenBefore: `screen ${i} `.repeat(300) }),
      );
      await Promise.all([
        ...many.map((record) => store().appendJournal(record)),
        ...many.map((_, i) => store().appendAudit(audit(i))),
      ]);
      const loaded = await (await subject.reopen()).loadJournal();
      if (!loaded.ok) throw new Error(loaded.message);
      expect(loaded.tornLastLine).toBe(false);
      expect(loaded.records.slice(before.records.length)).toEqual(many);
      const audits = await subject.auditLines();
      expect(audits.slice(-40)).toEqual(many.map((_, i) => audit(i)));
    });

    it('reports a torn last journal line instead of throwing, and keeps every whole line before it', async () => {
      const before = await store().loadJournal();
      if (!before.ok) throw new Error(before.message);
      await subject.tearJournal('{"type":"outcome","at":"2025-06-01T12:0');
      const loaded = await (await subject.reopen()).loadJournal();
      expect(loaded).toEqual({ ok: true, exists: true, records: before.records, tornLastLine: true });
    });

    it('reports a damaged checkpoint as a bad checksum, naming the fix, instead of throwing', async () => {
      await subject.damageCheckpoint();
      const loaded = await (await subject.reopen()).loadCheckpoint();
      expect(loaded).toMatchObject({ ok: false, problem: 'bad_checksum' });
      if (!loaded.ok) expect(loaded.message).toMatch(/checksum.*result\.prev\.json|--fresh/s);
    });

    it('writes, overwrites, reads and lists notes by name, and says undefined for a note never written', async () => {
      await store().writeNote('plan', 'open Wi-Fi, then HomeNet-5G');
      await store().writeNote('codes', 'PIN 1234');
      await store().writeNote('plan', 'Wi-Fi is on; now the password');
      const reopened = await subject.reopen();
      expect(await reopened.readNote('plan')).toBe('Wi-Fi is on; now the password');
      expect(await reopened.listNotes()).toEqual(['codes', 'plan']);
      expect(await reopened.readNote('never-written')).toBeUndefined();
    });

    it.each(['../result', '../../escape', 'a/b', '/etc/passwd', '.hidden', '', 'Plan', 'x'.repeat(49)])(
      'refuses the note name %j, naming the rule, and writes nothing',
      async (bad) => {
        const beside = await subject.filesBesideNotes();
        await expect(store().writeNote(bad, 'text')).rejects.toThrow(/note name .* lower-case letters/);
        await expect(store().readNote(bad)).rejects.toThrow(/note name/);
        expect(await subject.filesBesideNotes()).toEqual(beside);
        expect(await store().listNotes()).toEqual(['codes', 'plan']);
      },
    );
  });
}

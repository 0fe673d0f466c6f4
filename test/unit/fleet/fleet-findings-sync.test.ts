// A bench applies a person's fleet-wide status to its own findings.json (real files): at once for a
// finding it has, after its next job for one it meets later; a dismissed finding is then skipped
// when the bench sees it again, and the statuses outlive a restart of the bench.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FleetFindingsSync } from '../../../src/app/fleet/fleet-findings-sync.js';
import { FindingsStore } from '../../../src/adapters/store/findings-store.js';

const seen = {
  device: 'shop',
  screen: 'Checkout',
  kind: 'text',
  subject: 'Pay button',
  severity: 'minor' as const,
  detail: 'says Pai',
};
const dismissal = JSON.stringify({
  status: 'dismissed',
  note: 'the font, not the app',
  by: 'alice',
  at: '2026-12-01T12:00:00Z',
});

describe('fleet finding statuses on a bench', () => {
  it('dismisses a finding the bench has, and one it records later; a dismissed one is not saved again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-fleet-findings-'));
    const { record } = await (await FindingsStore.open(dir)).save(seen, { runId: 'run-1' });
    const sync = new FleetFindingsSync(dir, () => undefined);
    sync.receive(record.id, dismissal);
    await sync.applyAll();
    expect((await (await FindingsStore.open(dir)).list())[0]).toMatchObject({ id: record.id, status: 'dismissed' });
    expect((await (await FindingsStore.open(dir)).save(seen, { runId: 'run-2' })).reason).toBe('skipped_dismissed');

    // Another bench meets the same defect only later: its status follows after its job.
    const later = mkdtempSync(join(tmpdir(), 'bh-fleet-findings-'));
    const laterSync = new FleetFindingsSync(later, () => undefined);
    laterSync.receive(record.id, dismissal);
    await laterSync.applyAll();
    await (await FindingsStore.open(later)).save(seen, { runId: 'run-3' });
    await new FleetFindingsSync(later, () => undefined).applyAll(); // a restart: read from fleet/finding-statuses.json
    expect((await (await FindingsStore.open(later)).list())[0]).toMatchObject({ id: record.id, status: 'dismissed' });
  });

  it('ignores a status that is refused (a dismissal without a note)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-fleet-findings-'));
    const { record } = await (await FindingsStore.open(dir)).save(seen, { runId: 'run-1' });
    const said: string[] = [];
    const sync = new FleetFindingsSync(dir, (line) => said.push(line));
    sync.receive(record.id, JSON.stringify({ status: 'dismissed', by: 'alice', at: 'x' }));
    await sync.applyAll();
    expect((await (await FindingsStore.open(dir)).list())[0]!.status).toBe('new');
    expect(said.join('\n')).toMatch(/refused: note dismissing a finding needs a note/);
  });
});

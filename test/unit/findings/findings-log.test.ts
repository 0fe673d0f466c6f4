// The agent's side: where findings live, what the model is told, and the device and run filled in.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runIdFromResultFile } from '../../../src/adapters/store/findings-run-id.js';
import { FindingsStore } from '../../../src/adapters/store/findings-store.js';
import { deviceForFindings, findingsDirectoryFor, FindingsLog } from '../../../src/app/agent/findings-log.js';
import type { FindingInput } from '../../../src/core/agent/tools/tool.js';

const finding: FindingInput = {
  kind: 'text',
  subject: 'Pay button label',
  screen: 'Checkout',
  detail: 'reads "Pya"',
  severity: 'minor',
};

describe('findings log', () => {
  it('shares one findings file between the runs under <state dir>/runs/, and uses --state-dir as given', () => {
    expect(findingsDirectoryFor('/var/state/benchhand/runs/2026-01-01T10-00-00-000Z')).toBe('/var/state/benchhand');
    expect(findingsDirectoryFor('/tmp/my-run')).toBe('/tmp/my-run');
  });

  it('names the device by the task device when there is one', () => {
    expect(deviceForFindings('shop-checkout.yaml', 'virtual bench http://127.0.0.1:40001 (shop-checkout.yaml)')).toBe(
      'shop-checkout.yaml',
    );
    expect(deviceForFindings(undefined, 'the rig (/dev/ttyACM0, camera rpicam)')).toBe(
      'the rig (/dev/ttyACM0, camera rpicam)',
    );
  });

  it("tells the model each reason first, with the id and, for a skip, the person's note", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-findings-log-'));
    writeFileSync(join(dir, 'result.json'), JSON.stringify({ runId: 'run-0001' }));
    const log = await FindingsLog.open(dir, { device: 'shop-checkout.yaml', runId: () => runIdFromResultFile(dir) });
    const created = await log.record(finding);
    expect(created).toMatch(/^created, id [0-9a-f]{32}$/);
    const id = created.slice(-32);
    expect(await log.record(finding)).toBe(`updated, id ${id}, seen 2 times, status new`);
    const store = await FindingsStore.open(dir);
    expect((await store.list())[0]).toMatchObject({ device: 'shop-checkout.yaml', runIds: ['run-0001'] });
    await store.setStatus(id, { status: 'dismissed', by: 'ana', note: 'the shop spells it so' });
    expect(await log.record(finding)).toBe(
      `skipped_dismissed: not saved, a person dismissed finding ${id} ("the shop spells it so"); do not record it again`,
    );
    await store.setStatus(id, { status: 'resolved', by: 'ana' });
    expect(await log.record(finding)).toBe(
      `skipped_resolved: not saved, a person marked finding ${id} resolved; if it is back, say so in your answer`,
    );
    await log.close();
  });

  it('reads no run id from a missing or damaged result file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-findings-log-'));
    expect(await runIdFromResultFile(dir)).toBeUndefined();
    writeFileSync(join(dir, 'result.json'), '{"runId":');
    expect(await runIdFromResultFile(dir)).toBeUndefined();
  });
});

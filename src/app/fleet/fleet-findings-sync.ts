// Each bench applies the fleet-wide finding statuses a person set (`ops findings set`, retained on
// benchhand/_fleet/findings/<id>) to its own findings.json: at once for a finding it has, and after
// every job for one it had not seen yet — so a finding dismissed on one bench's report is dismissed
// on every bench, and a bench that meets it later skips it (the store's save rules keep dismissed).
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../adapters/store/atomic-file.js';
import { FindingsStore } from '../../adapters/store/findings-store.js';
import { fleetFindingStatusSchema, type FleetFindingStatus } from '../../core/fleet/fleet-findings.js';

export class FleetFindingsSync {
  private readonly statuses = new Map<string, FleetFindingStatus>();
  private readonly file: string;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly stateDir: string,
    private readonly say: (line: string) => void,
  ) {
    this.file = join(stateDir, 'fleet', 'finding-statuses.json');
    if (existsSync(this.file)) {
      for (const [id, status] of Object.entries(
        JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>,
      )) {
        const parsed = fleetFindingStatusSchema.safeParse(status);
        if (parsed.success) this.statuses.set(id, parsed.data);
      }
    }
  }

  /** A retained status message (empty: the status was cleared). */
  receive(findingId: string, text: string): void {
    if (!/^[0-9a-f]{32}$/.test(findingId))
      return this.say(`fleet: a finding status on an id that is not one (${findingId}); ignored`);
    let parsed;
    try {
      parsed = fleetFindingStatusSchema.safeParse(JSON.parse(text));
    } catch {
      return this.say(`fleet: the status for finding ${findingId} is not JSON; ignored`);
    }
    if (!parsed.success)
      return this.say(
        `fleet: the status for finding ${findingId} is refused: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    this.statuses.set(findingId, parsed.data);
    this.chain = this.chain
      .then(() => this.save())
      .then(() => this.apply())
      .catch((error: Error) => this.say(`fleet: finding statuses: ${error.message}`));
  }

  /** Brings findings.json in line with every status a person set fleet-wide. */
  applyAll(): Promise<void> {
    // After whatever is queued (a status just received), one at a time.
    this.chain = this.chain.then(
      () => this.apply(),
      () => this.apply(),
    );
    return this.chain;
  }

  private async apply(): Promise<void> {
    if (!this.statuses.size || !existsSync(join(this.stateDir, 'findings.json'))) return;
    const store = await FindingsStore.open(this.stateDir);
    for (const record of await store.list()) {
      const wanted = this.statuses.get(record.id);
      if (!wanted || wanted.status === record.status) continue;
      await store.setStatus(record.id, {
        status: wanted.status,
        by: wanted.by,
        ...(wanted.note ? { note: wanted.note } : {}),
      });
      this.say(`fleet: finding ${record.id} is now ${wanted.status} (set fleet-wide by ${wanted.by})`);
    }
  }

  private async save(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await writeFileAtomic(this.file, JSON.stringify(Object.fromEntries(this.statuses), null, 2));
  }
}

// Findings saved the moment they are found: one fsync'd line each, with a stable id (the first 32
// hex characters of SHA-256 over the identity fields), so the same problem found again is the
// same finding. (The reviewed store with human status comes with the durable-state work.)
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { AppendLog } from '../../adapters/store/append-log.js';
import type { FindingInput } from '../../core/agent/tools/tool.js';

export function findingId(device: string, finding: Pick<FindingInput, 'screen' | 'kind' | 'subject'>): string {
  return createHash('sha256').update(JSON.stringify([device, finding.screen, finding.kind, finding.subject])).digest('hex').slice(0, 32);
}

export class FindingsLog {
  private readonly log: AppendLog;
  private readonly seen = new Set<string>();

  constructor(stateDir: string, private readonly device: string) {
    this.log = new AppendLog(join(stateDir, 'findings.jsonl'));
  }

  async record(finding: FindingInput): Promise<string> {
    const id = findingId(this.device, finding);
    const reason = this.seen.has(id) ? 'updated' : 'new';
    this.seen.add(id);
    await this.log.append({ id, at: new Date().toISOString(), device: this.device, ...finding });
    return `${reason}, id ${id}`;
  }

  close(): Promise<void> {
    return this.log.close();
  }
}

// Before a run (new or resumed) touches anything: the state directory's own bookkeeping files
// must be sound. A damaged mcu-command-ids.json used to surface only at the first action, after
// the run had started; now it stops the run at once, as a recovery stop (exit 21) with a
// sentence naming the file, the problem and the fix. Reads are bounded (a symlink to /dev/zero
// is refused, not read).
import { join } from 'node:path';
import { COMMAND_IDS_FILE, reservedThroughFrom } from '../../adapters/mcu-serial/command-ids.js';
import { readBoundedText } from '../../adapters/store/bounded-read.js';
import type { RecoveryDecision } from '../../core/recovery/decide.js';

const COMMAND_IDS_MAX_BYTES = 64 * 1024;

export async function preflightStateDir(
  stateDir: string,
): Promise<Extract<RecoveryDecision, { kind: 'stop' }> | undefined> {
  const path = join(stateDir, COMMAND_IDS_FILE);
  const fix =
    'Restore it from a backup, or delete it (benchhand then starts above the id the MCU reports as its last).';
  const stored = await readBoundedText(path, { maxBytes: COMMAND_IDS_MAX_BYTES, what: 'a command-id file', fix });
  if (!stored.ok && stored.problem === 'missing') return undefined;
  const problem = stored.ok ? reservedThroughFrom(stored.text, path) : stored.message;
  if (typeof problem === 'number') return undefined;
  return { kind: 'stop', code: 'corrupt', reasons: [`${problem} Nothing was sent to the device.`] };
}

// A run that ends while the broker is away leaves its last events (outcome, evidence, finished)
// in its own state directory's outbox, which no later process opens again. So they are handed
// over: a bench that closes with messages still unacknowledged registers its outbox in the bench's
// hand-over folder (one small fsync'd file per outbox), and the next process on that bench — the
// service, the next run — takes every registered outbox, oldest first, when it connects: their
// messages are appended to its own outbox ahead of anything it publishes, the old file is marked
// handed over, and the registration removed. They then go out in order, once (at least once under
// a crash between the two writes, as everything in the outbox: consumers dedupe by event id).
import { mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../store/atomic-file.js';
import { DurableOutbox } from './durable-outbox.js';

const CLAIMED = '.claimed-';

/**
 * The bench's hand-over folder: under the folder the service gives its runs (BENCHHAND_ESTOP_DIR,
 * the bench's own state directory), else the default state home, one folder per bench id.
 * BENCHHAND_MQTT_HANDOVER_DIR names it outright (tests, unusual layouts).
 */
export function handOverDirectory(benchId: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.BENCHHAND_MQTT_HANDOVER_DIR) return join(env.BENCHHAND_MQTT_HANDOVER_DIR, benchId);
  const root =
    env.BENCHHAND_ESTOP_DIR ||
    env.BENCHHAND_STATE_DIR ||
    join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'benchhand');
  return join(root, 'mqtt-handover', benchId);
}

/** Registers an outbox that still holds unacknowledged messages, for the next process on the bench. */
export async function registerLeftovers(directory: string, outboxPath: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  // Named by time (zero-padded, so names sort as times), then pid: the oldest is taken first.
  const name = `${String(Date.now()).padStart(15, '0')}-${process.pid}.json`;
  await writeFileAtomic(join(directory, name), `${JSON.stringify({ outbox: resolve(outboxPath) })}\n`);
}

/** Whether anything is registered for the next process on the bench (a claim by a live process counts too). */
export async function hasLeftovers(directory: string): Promise<boolean> {
  try {
    return (await readdir(directory)).some((name) => name.endsWith('.json') || name.includes(CLAIMED));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Moves every registered outbox's unacknowledged messages into `own`, oldest registration first.
 * Returns how many messages were taken. A registration another live process claimed is left to it.
 */
export async function adoptLeftovers(
  directory: string,
  own: DurableOutbox,
  log: (message: string) => void,
): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.json') || name.includes(CLAIMED)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let taken = 0;
  for (const name of names) {
    const claimed = await claim(directory, name);
    if (!claimed) continue;
    taken += await adoptOne(claimed, own, log);
    await unlink(claimed);
  }
  return taken;
}

/** Renames the registration to this process's claim: only one process can win a rename. */
async function claim(directory: string, name: string): Promise<string | undefined> {
  const at = name.indexOf(CLAIMED);
  if (at >= 0 && processAlive(Number(name.slice(at + CLAIMED.length)))) return undefined;
  const base = at >= 0 ? name.slice(0, at) : name;
  const target = join(directory, `${base}${CLAIMED}${process.pid}`);
  try {
    await rename(join(directory, name), target);
    return target;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // another process took it
    throw error;
  }
}

async function adoptOne(registration: string, own: DurableOutbox, log: (message: string) => void): Promise<number> {
  let path: string;
  try {
    path = (JSON.parse(await readFile(registration, 'utf8')) as { outbox: string }).outbox;
  } catch (error) {
    log(`mqtt outbox: the hand-over record ${registration} is unreadable (${(error as Error).message}); skipped`);
    return 0;
  }
  // The same state directory opened again (a resume): its messages are already in this outbox.
  if (resolve(path) === resolve(own.path)) return 0;
  let earlier: DurableOutbox;
  try {
    earlier = await DurableOutbox.open(path, log);
  } catch (error) {
    log(`mqtt outbox: ${path}, left by an earlier process, cannot be read (${(error as Error).message}); skipped`);
    return 0;
  }
  const messages = [...earlier.unacknowledged()];
  for (const message of messages) await own.append(message.topic, message.payload);
  await earlier.handedOver();
  await earlier.close();
  if (messages.length) log(`mqtt outbox: took ${messages.length} message(s) an earlier process left in ${path}`);
  return messages.length;
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

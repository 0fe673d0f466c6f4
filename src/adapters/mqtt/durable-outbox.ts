// Events and findings waiting for the broker's PUBACK, on disk, so a broker outage or a crash of
// the bench loses none of them and they go out in the order they happened.
//
// One append-only JSON-lines file. A message line is fsync'd before the message may be sent:
//   {"seq":7,"topic":"benchhand/b1/events","payload":"{...}"}
// An acknowledgement line says every message up to a sequence number reached the broker:
//   {"ackedThrough":7}
// Acknowledgement lines are not fsync'd: losing one after a crash only means those messages are
// sent again, which QoS 1 allows (at least once; consumers dedupe by the payload's id).
// On open, and whenever everything is acknowledged and the file has grown, the file is rewritten
// atomically with only what is still unacknowledged (this also drops a line torn by a crash).
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { writeFileAtomic } from '../store/atomic-file.js';

export interface OutboxMessage {
  seq: number;
  topic: string;
  payload: string;
}

/** Lines written since the last rewrite before an idle outbox is compacted. */
const COMPACT_AFTER_LINES = 500;

export class DurableOutbox {
  private handle?: FileHandle;
  private queue: Promise<void> = Promise.resolve();
  private readonly pending: OutboxMessage[] = [];
  private readonly acknowledgedOutOfOrder = new Set<number>();
  private linesSinceRewrite = 0;
  private listener: () => void = () => undefined;

  private constructor(
    readonly path: string,
    private nextSeq: number,
    private ackedThrough: number,
    private readonly log: (message: string) => void,
  ) {}

  static async open(path: string, log: (message: string) => void): Promise<DurableOutbox> {
    const { messages, ackedThrough } = await readOutboxFile(path, log);
    const lastSeq = Math.max(ackedThrough, ...messages.map((message) => message.seq));
    const outbox = new DurableOutbox(path, lastSeq + 1, ackedThrough, log);
    outbox.pending.push(...messages);
    await outbox.rewrite();
    return outbox;
  }

  /** Called after each message becomes durable (and so may be sent). */
  onAppended(listener: () => void): void {
    this.listener = listener;
  }

  /** Unacknowledged messages, oldest first. */
  unacknowledged(): readonly OutboxMessage[] {
    return this.pending;
  }

  /**
   * Resolves once the message is on disk, never rejects: a disk that refuses the write must not
   * stop the run, so the message is then kept in memory only (and the log says so).
   */
  append(topic: string, payload: string): Promise<OutboxMessage> {
    const message: OutboxMessage = { seq: this.nextSeq++, topic, payload };
    const done = this.serialised(async () => {
      try {
        const handle = await this.openHandle();
        await handle.appendFile(`${JSON.stringify(message)}\n`);
        await handle.sync();
        this.linesSinceRewrite += 1;
      } catch (error) {
        this.log(
          `mqtt outbox: could not write message ${message.seq} to ${this.path} (${(error as Error).message}); it is kept in memory only`,
        );
      }
      this.pending.push(message);
      this.listener();
    });
    return done.then(() => message);
  }

  /** The broker acknowledged this message. PUBACKs come in order, but nothing here depends on it. */
  acknowledge(seq: number): void {
    if (seq <= this.ackedThrough) return;
    this.acknowledgedOutOfOrder.add(seq);
    let advanced = false;
    while (this.pending[0] && this.acknowledgedOutOfOrder.has(this.pending[0].seq)) {
      const first = this.pending.shift()!;
      this.acknowledgedOutOfOrder.delete(first.seq);
      this.ackedThrough = first.seq;
      advanced = true;
    }
    if (!advanced) return;
    const through = this.ackedThrough;
    void this.serialised(async () => {
      if (this.pending.length === 0 && this.linesSinceRewrite >= COMPACT_AFTER_LINES) return this.rewrite();
      const handle = await this.openHandle();
      await handle.appendFile(`${JSON.stringify({ ackedThrough: through })}\n`);
      this.linesSinceRewrite += 1;
    }).catch((error: Error) =>
      this.log(
        `mqtt outbox: could not record an acknowledgement (${error.message}); those messages may be sent twice after a restart`,
      ),
    );
  }

  /**
   * Resolves once every append made so far is on disk and in `unacknowledged()`. A message is
   * sendable only then, so whoever waits for the outbox to empty (the bench's close) must wait
   * for this first: an event appended a moment before would otherwise look like nothing to send.
   */
  async settled(): Promise<void> {
    await this.queue;
  }

  /**
   * Every message went to another process's outbox (outbox-handover.ts): none is left to send from
   * this file. Written atomically and fsync'd, so a crash never leaves both outboxes sending it.
   */
  async handedOver(): Promise<void> {
    await this.serialised(async () => {
      const last = this.pending.at(-1);
      if (last) this.ackedThrough = Math.max(this.ackedThrough, last.seq);
      this.pending.length = 0;
      this.acknowledgedOutOfOrder.clear();
      await this.rewrite();
    });
  }

  /** Waits for pending disk writes; the file stays for the next start. */
  async close(): Promise<void> {
    await this.queue;
    await this.handle?.close();
    this.handle = undefined;
  }

  private async rewrite(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
    const lines = [
      JSON.stringify({ ackedThrough: this.ackedThrough }),
      ...this.pending.map((message) => JSON.stringify(message)),
    ];
    await writeFileAtomic(this.path, `${lines.join('\n')}\n`);
    this.linesSinceRewrite = 0;
  }

  private async openHandle(): Promise<FileHandle> {
    this.handle ??= await open(this.path, 'a');
    return this.handle;
  }

  private serialised(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

async function readOutboxFile(
  path: string,
  log: (message: string) => void,
): Promise<{ messages: OutboxMessage[]; ackedThrough: number }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { messages: [], ackedThrough: 0 };
    throw error;
  }
  let ackedThrough = 0;
  const messages: OutboxMessage[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    let record: Partial<OutboxMessage & { ackedThrough: number }>;
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      // Only the last line can be torn by a crash; anything else is damage worth a word.
      if (index < lines.length - 1 && lines.slice(index + 1).some((rest) => rest.trim()))
        log(`mqtt outbox: ${path} line ${index + 1} is not JSON and was skipped`);
      return;
    }
    if (typeof record.ackedThrough === 'number') ackedThrough = Math.max(ackedThrough, record.ackedThrough);
    else if (typeof record.seq === 'number' && typeof record.topic === 'string' && typeof record.payload === 'string')
      messages.push({ seq: record.seq, topic: record.topic, payload: record.payload });
  });
  return {
    messages: messages.filter((message) => message.seq > ackedThrough).sort((a, b) => a.seq - b.seq),
    ackedThrough,
  };
}

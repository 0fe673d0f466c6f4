// The disk queue: messages come back after a restart until acknowledged, in order; a torn last
// line (a crash mid-write) is dropped; an idle outbox is compacted.
import { mkdtemp, readFile, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DurableOutbox } from '../../../src/adapters/mqtt/durable-outbox.js';

let dir: string;
let path: string;
const logs: string[] = [];
const log = (message: string) => logs.push(message);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  path = join(dir, 'mqtt-outbox.jsonl');
  logs.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('keeps unacknowledged messages across a reopen, in order, and forgets acknowledged ones', async () => {
  const outbox = await DurableOutbox.open(path, log);
  for (const n of [1, 2, 3, 4]) await outbox.append('t', `m${n}`);
  outbox.acknowledge(1);
  outbox.acknowledge(2);
  await outbox.close();
  const again = await DurableOutbox.open(path, log);
  expect(again.unacknowledged().map((message) => [message.seq, message.payload])).toEqual([
    [3, 'm3'],
    [4, 'm4'],
  ]);
  const next = await again.append('t', 'm5');
  expect(next.seq).toBe(5);
  await again.close();
});

it('acknowledgements out of order release messages only once the oldest is acknowledged', async () => {
  const outbox = await DurableOutbox.open(path, log);
  for (const n of [1, 2, 3]) await outbox.append('t', `m${n}`);
  outbox.acknowledge(2);
  expect(outbox.unacknowledged().map((message) => message.seq)).toEqual([1, 2, 3]);
  outbox.acknowledge(1);
  expect(outbox.unacknowledged().map((message) => message.seq)).toEqual([3]);
  await outbox.close();
});

it('a line torn by a crash is dropped without complaint and the file is rewritten whole', async () => {
  const outbox = await DurableOutbox.open(path, log);
  await outbox.append('t', 'm1');
  await outbox.close();
  await appendFile(path, '{"seq":2,"topic":"t","payl');
  const again = await DurableOutbox.open(path, log);
  expect(again.unacknowledged().map((message) => message.payload)).toEqual(['m1']);
  expect(logs).toEqual([]);
  expect((await readFile(path, 'utf8')).endsWith('\n')).toBe(true);
  await again.close();
});

it('calls the listener only once a message is durable', async () => {
  const outbox = await DurableOutbox.open(path, log);
  const seen: number[] = [];
  outbox.onAppended(() => seen.push(outbox.unacknowledged().length));
  const appended = outbox.append('t', 'm1');
  expect(seen).toEqual([]);
  await appended;
  expect(seen).toEqual([1]);
  expect(await readFile(path, 'utf8')).toContain('"payload":"m1"');
  await outbox.close();
});

it('compacts the file once everything is acknowledged and it has grown', async () => {
  const outbox = await DurableOutbox.open(path, log);
  for (let n = 1; n <= 600; n += 1) {
    await outbox.append('t', `m${n}`);
    outbox.acknowledge(n);
  }
  await outbox.close();
  const lines = (await readFile(path, 'utf8')).trim().split('\n');
  expect(lines.length).toBeLessThan(700);
  const again = await DurableOutbox.open(path, log);
  expect(again.unacknowledged()).toEqual([]);
  expect((await again.append('t', 'next')).seq).toBe(601);
  await again.close();
});

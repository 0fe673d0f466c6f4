// The lowdb adapter must do what lowdb's JSONFile does not: fsync the data before the rename and
// the directory after it, and keep the previous copy. File system calls are watched in order.
import { basename } from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { describe, expect, it, vi } from 'vitest';
import { FsyncJsonAdapter } from '../../../src/adapters/store/fsync-adapter.js';

const watched = vi.hoisted(() => ({ events: [] as string[] }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const name = (path: unknown) => basename(String(path));
  const open: typeof actual.open = async (path, flags, mode) => {
    const handle = await actual.open(path, flags, mode);
    watched.events.push(`open ${name(path)}`);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      watched.events.push(`fsync ${name(path)}`);
      return sync();
    };
    return handle;
  };
  const rename: typeof actual.rename = async (from, to) => {
    watched.events.push(`rename ${name(from)} -> ${name(to)}`);
    return actual.rename(from, to);
  };
  const link: typeof actual.link = async (from, to) => {
    await actual.link(from, to); // recorded only when it worked (there is nothing to link on the first write)
    watched.events.push(`link ${name(from)} -> ${name(to)}`);
  };
  return { ...actual, default: { ...actual, open, rename, link }, open, rename, link };
});

interface Data {
  items: string[];
}
const parse = (text: string): Data => JSON.parse(text) as Data;

describe('fsync JSON adapter for lowdb', () => {
  it('fsyncs the temp file, renames it over the file, then fsyncs the directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-fsync-'));
    const db = new Low<Data>(
      new FsyncJsonAdapter(join(dir, 'data.json'), { parse, previousCopyPath: join(dir, 'data.prev.json') }),
      { items: [] },
    );
    await db.read();
    watched.events.length = 0;
    await db.update((data) => data.items.push('one'));
    const temp = `.data.json.${process.pid}.tmp`;
    const directory = basename(dir);
    expect(watched.events).toEqual([
      `open ${temp}`,
      `fsync ${temp}`,
      `rename ${temp} -> data.json`,
      `open ${directory}`,
      `fsync ${directory}`,
    ]);

    watched.events.length = 0;
    await db.update((data) => data.items.push('two'));
    // The previous copy is taken once the new content is safely on disk (the one helper, atomic-file.ts).
    const staging = `.data.prev.json.${process.pid}.tmp`;
    expect(watched.events).toEqual([
      `open ${temp}`,
      `fsync ${temp}`,
      `link data.json -> ${staging}`,
      `rename ${staging} -> data.prev.json`,
      `rename ${temp} -> data.json`,
      `open ${directory}`,
      `fsync ${directory}`,
    ]);
    expect(parse(readFileSync(join(dir, 'data.json'), 'utf8'))).toEqual({ items: ['one', 'two'] });
    expect(parse(readFileSync(join(dir, 'data.prev.json'), 'utf8'))).toEqual({ items: ['one'] });
  });

  it('reads a missing file as null (lowdb keeps its default) and hands the text to parse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-fsync-'));
    const adapter = new FsyncJsonAdapter<Data>(join(dir, 'data.json'), {
      parse: () => {
        throw new Error('refused');
      },
    });
    expect(await adapter.read()).toBeNull();
    await adapter.write({ items: [] });
    await expect(adapter.read()).rejects.toThrow('refused');
  });

  it('touches nothing when the data cannot be serialised', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-fsync-'));
    const adapter = new FsyncJsonAdapter<unknown>(join(dir, 'data.json'), { parse });
    await adapter.write({ items: ['kept'] });
    watched.events.length = 0;
    await expect(adapter.write({ big: 1n })).rejects.toThrow(/BigInt/);
    expect(watched.events).toEqual([]);
    expect(parse(readFileSync(join(dir, 'data.json'), 'utf8'))).toEqual({ items: ['kept'] });
  });
});

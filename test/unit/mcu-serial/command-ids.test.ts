import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileCommandIds } from '../../../src/adapters/mcu-serial/command-ids.js';

describe('persisted command ids', () => {
  it('never hands out an id twice across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-ids-'));
    const first = new FileCommandIds(dir, 10);
    const a = [await first.next(), await first.next(), await first.next()];
    const second = new FileCommandIds(dir, 10); // a restart: the rest of the block is skipped
    const b = await second.next();
    expect(a).toEqual([1, 2, 3]);
    expect(b).toBe(11);
    expect(JSON.parse(readFileSync(join(dir, 'mcu-command-ids.json'), 'utf8'))).toEqual({
      version: 1,
      reservedThrough: 20,
    });
  });

  it('starts above the highest id the MCU reports', async () => {
    const ids = new FileCommandIds(mkdtempSync(join(tmpdir(), 'bh-ids-')));
    expect(await ids.next(5000)).toBe(5001);
    expect(await ids.next(10)).toBe(5002);
  });

  it('refuses a damaged file with a message that names the field and the fix', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-ids-'));
    writeFileSync(join(dir, 'mcu-command-ids.json'), '{"reservedThrough": "lots"');
    await expect(new FileCommandIds(dir).next()).rejects.toThrow(/reservedThrough must be a whole number.*delete it/);
  });
});

// The shared test vectors (firmware/protocol/test-vectors.json, computed by an independent
// Python implementation) checked against the TypeScript codec. The C++ tests check the same file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  crc16,
  encodeHostFrame,
  encodeMcuFrame,
  escapeValue,
  isVerb,
  parseHostFrame,
  parseMcuFrame,
  unescapeValue,
} from '../../../src/protocol/index.js';

interface Vectors {
  crc: { input: string; crc: number }[];
  escape: { raw: number[]; escaped: string }[];
  hostFrames: { seq: number; id: number; verb: string; args: [string, string][]; line: string }[];
  mcuFrames: { kind: string; seq: number; id: number; args: [string, string][]; line: string }[];
  badLines: { line: string; error: string }[];
}
const vectors = JSON.parse(
  readFileSync(new URL('../../../firmware/protocol/test-vectors.json', import.meta.url), 'utf8'),
) as Vectors;

describe('CRC-16/CCITT-FALSE', () => {
  it.each(vectors.crc)('crc16("$input") = $crc', ({ input, crc }) => {
    expect(crc16(Buffer.from(input, 'latin1'))).toBe(crc);
  });
  it('pins the check value 0x29B1', () => expect(crc16(Buffer.from('123456789'))).toBe(0x29b1));
});

describe('value escaping', () => {
  it.each(vectors.escape)('escapes $escaped', ({ raw, escaped }) => {
    expect(escapeValue(Uint8Array.from(raw))).toBe(escaped);
    expect([...unescapeValue(escaped)!]).toEqual(raw);
  });
  it('rejects malformed escapes', () => {
    expect(unescapeValue('%G1')).toBeUndefined();
    expect(unescapeValue('abc%4')).toBeUndefined();
  });
  it('round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const escaped = escapeValue(all);
    expect(escaped).toMatch(/^[\x21-\x7e]+$/);
    expect(escaped).not.toContain(' ');
    expect([...unescapeValue(escaped)!]).toEqual([...all]);
  });
});

describe('frames', () => {
  it.each(vectors.hostFrames)('host frame $line', ({ seq, id, verb, args, line }) => {
    expect(encodeHostFrame(seq, id, verb, args)).toBe(line);
    const parsed = parseHostFrame(line);
    expect(parsed).toEqual({ ok: true, frame: { head: verb, seq, id, args: Object.fromEntries(args) } });
  });
  it.each(vectors.mcuFrames)('MCU frame $line', ({ kind, seq, id, args, line }) => {
    expect(encodeMcuFrame(kind, seq, id, args)).toBe(line);
    expect(parseMcuFrame(`${line}\r`)).toEqual({
      ok: true,
      frame: { head: kind, seq, id, args: Object.fromEntries(args) },
    });
  });
  it.each(vectors.badLines)('rejects $error: $line', ({ line, error }) => {
    const parsed = parseHostFrame(line);
    const got = parsed.ok ? (isVerb(parsed.frame.head) ? 'OK' : 'UNKNOWN_VERB') : parsed.error;
    expect(got).toBe(error);
  });
  it('refuses to encode a frame over the length limit', () => {
    expect(() => encodeHostFrame(1, 1, 'TYPE', [['text', 'x'.repeat(200)]])).toThrow(/over the protocol limit of 160/);
  });
});

describe('table hash', () => {
  it('matches the hash the independent Python implementation computed', async () => {
    const { PROTOCOL_TABLE_HASH, tableHashHex } = await import('../../../src/protocol/index.js');
    expect(tableHashHex(PROTOCOL_TABLE_HASH)).toBe((vectors as unknown as { tableHash: string }).tableHash);
  });
});

// The core's SHA-256 must agree with node:crypto byte for byte, at the padding boundaries too:
// result files written before the checksum moved into the core must still verify.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/core/state/sha256.js';

const node = (text: string) => createHash('sha256').update(text).digest('hex');

describe('pure SHA-256', () => {
  it('matches the FIPS test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each([55, 56, 57, 63, 64, 65, 119, 120, 1000, 20000])('matches node:crypto on %i bytes', (length) => {
    const text = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 7) % 90))).join('');
    expect(sha256Hex(text)).toBe(node(text));
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    const text = 'Wi-Fi “HomeNet-5G” • 😀 ü';
    expect(sha256Hex(text)).toBe(node(text));
  });
});

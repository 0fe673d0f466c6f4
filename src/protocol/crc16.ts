// CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, xorout 0.
// Check value over the ASCII bytes "123456789" is 0x29B1 (pinned by test-vectors.json).
import { PROTOCOL_TABLE } from './table.generated.js';

const { poly, init } = PROTOCOL_TABLE.crc;

export function crc16(bytes: Uint8Array): number {
  let crc: number = init;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ poly) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

export function crc16Hex(text: string): string {
  return crc16(Buffer.from(text, 'latin1')).toString(16).toUpperCase().padStart(4, '0');
}

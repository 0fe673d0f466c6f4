// The handshake check: a host and a firmware built from different protocol tables must refuse
// to talk, and say which side to update.
import { PROTOCOL_VERSION, tableHashHex } from './table.js';

export type HandshakeVerdict = { ok: true } | { ok: false; update: 'firmware' | 'host' | 'both'; message: string };

export function checkHandshake(reply: Record<string, string>): HandshakeVerdict {
  const firmwareProto = Number(reply.proto);
  const firmwareTable = reply.table ?? '?';
  const ours = `protocol ${PROTOCOL_VERSION} (table ${tableHashHex()})`;
  const theirs = `protocol ${reply.proto ?? '?'} (table ${firmwareTable}), firmware ${reply.fw ?? '?'} on ${reply.board ?? '?'}`;
  if (!Number.isInteger(firmwareProto) || firmwareProto < PROTOCOL_VERSION) {
    return {
      ok: false,
      update: 'firmware',
      message: `The MCU speaks ${theirs}; this host speaks ${ours}. Update the firmware: run \`benchhand flash\` (or build and flash firmware/ from this checkout).`,
    };
  }
  if (firmwareProto > PROTOCOL_VERSION) {
    return {
      ok: false,
      update: 'host',
      message: `The MCU speaks ${theirs}; this host speaks ${ours}. Update benchhand on the host to a release that speaks protocol ${firmwareProto}.`,
    };
  }
  if (firmwareTable !== tableHashHex()) {
    return {
      ok: false,
      update: 'both',
      message: `The MCU and the host both speak protocol ${PROTOCOL_VERSION} but were built from different protocol tables (MCU ${firmwareTable}, host ${tableHashHex()}). Flash the firmware built from this checkout, or run the host that matches the firmware.`,
    };
  }
  return { ok: true };
}

// Frame grammar (firmware/protocol/PROTOCOL.md):
//   host -> MCU:  <seq> <id> <VERB>[ <key>=<value>]* *<CRC>
//   MCU -> host:  <KIND> <seq> <id>[ <key>=<value>]* *<CRC>
import { crc16Hex } from './crc16.js';
import { MAX_FRAME_BYTES, MAX_REPLY_BYTES, PROTOCOL_TABLE } from './table.js';

export type FrameArgs = ReadonlyArray<readonly [string, string]>;
export interface Frame {
  head: string; // the verb (host frames) or the reply kind (MCU frames)
  seq: number;
  id: number;
  args: Record<string, string>;
}
export type FrameError = 'BAD_CRC' | 'TOO_LONG' | 'BAD_FRAME';
export type ParseResult = { ok: true; frame: Frame } | { ok: false; error: FrameError; detail: string };

const DECIMAL = /^(0|[1-9][0-9]{0,9})$/;
const ARG = /^([a-z][a-z0-9]*)=(.*)$/;

function withCrc(payload: string, maxBytes: number): string {
  const line = `${payload} *${crc16Hex(payload)}`;
  if (line.length > maxBytes) {
    throw new RangeError(
      `frame is ${line.length} bytes, over the protocol limit of ${maxBytes}: ${payload.slice(0, 40)}...`,
    );
  }
  return line;
}

const joinArgs = (args: FrameArgs): string => args.map(([k, v]) => ` ${k}=${v}`).join('');

export function encodeHostFrame(seq: number, id: number, verb: string, args: FrameArgs = []): string {
  return withCrc(`${seq} ${id} ${verb}${joinArgs(args)}`, MAX_FRAME_BYTES);
}

export function encodeMcuFrame(kind: string, seq: number, id: number, args: FrameArgs = []): string {
  return withCrc(`${kind} ${seq} ${id}${joinArgs(args)}`, MAX_REPLY_BYTES);
}

function checkCrc(line: string, maxBytes: number): { payload: string } | { error: FrameError; detail: string } {
  if (line.length > maxBytes) return { error: 'TOO_LONG', detail: `${line.length} bytes > ${maxBytes}` };
  const marker = line.lastIndexOf(' *');
  if (marker < 0 || line.length - marker !== 6) return { error: 'BAD_CRC', detail: 'no " *XXXX" CRC at the end' };
  const payload = line.slice(0, marker);
  const given = line.slice(marker + 2);
  const expected = crc16Hex(payload);
  return given === expected ? { payload } : { error: 'BAD_CRC', detail: `CRC ${given}, expected ${expected}` };
}

function parseNumber(token: string | undefined, max: number): number | undefined {
  if (token === undefined || !DECIMAL.test(token)) return undefined;
  const value = Number(token);
  return value <= max ? value : undefined;
}

function parse(line: string, headFirst: boolean): ParseResult {
  const checked = checkCrc(line.replace(/\r$/, ''), headFirst ? MAX_REPLY_BYTES : MAX_FRAME_BYTES);
  if ('error' in checked) return { ok: false, error: checked.error, detail: checked.detail };
  const tokens = checked.payload.split(' ');
  const [a, b, c] = headFirst ? [tokens[1], tokens[2], tokens[0]] : [tokens[0], tokens[1], tokens[2]];
  const seq = parseNumber(a, PROTOCOL_TABLE.frame.maxSeq);
  const id = parseNumber(b, PROTOCOL_TABLE.frame.maxId);
  if (seq === undefined || id === undefined || !c || !/^[A-Z]+$/.test(c)) {
    return { ok: false, error: 'BAD_FRAME', detail: 'expected seq, id and an upper-case verb or kind' };
  }
  const args: Record<string, string> = {};
  for (const token of tokens.slice(3)) {
    const match = ARG.exec(token);
    if (!match) return { ok: false, error: 'BAD_FRAME', detail: `"${token}" is not key=value` };
    args[match[1]!] = match[2]!;
  }
  return { ok: true, frame: { head: c, seq, id, args } };
}

export const parseHostFrame = (line: string): ParseResult => parse(line, false);
export const parseMcuFrame = (line: string): ParseResult => parse(line, true);

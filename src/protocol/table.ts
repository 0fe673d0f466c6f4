// Typed views of the generated protocol table, shared by the codec, the link and the fake MCU.
import { PROTOCOL_TABLE, PROTOCOL_TABLE_HASH } from './table.generated.js';

export { PROTOCOL_TABLE, PROTOCOL_TABLE_HASH };
export type VerbName = (typeof PROTOCOL_TABLE.verbs)[number]['name'];
export type ReplyKind = (typeof PROTOCOL_TABLE.replies)[number]['name'];
export type ErrorCode = (typeof PROTOCOL_TABLE.errors)[number]['name'];
export type McuState = (typeof PROTOCOL_TABLE.states)[number];
export type EventName = (typeof PROTOCOL_TABLE.events)[number];
export type KeyName = (typeof PROTOCOL_TABLE.keys)[number]['name'];
export type ModifierName = (typeof PROTOCOL_TABLE.modifiers)[number]['name'];

export const PROTOCOL_VERSION = PROTOCOL_TABLE.version;
export const MAX_FRAME_BYTES = PROTOCOL_TABLE.frame.maxBytes;
export const MAX_REPLY_BYTES = PROTOCOL_TABLE.frame.maxReplyBytes;
export const tableHashHex = (hash: number = PROTOCOL_TABLE_HASH): string =>
  hash.toString(16).toUpperCase().padStart(8, '0');

const verbNames = new Set<string>(PROTOCOL_TABLE.verbs.map((v) => v.name));
const replyKinds = new Set<string>(PROTOCOL_TABLE.replies.map((r) => r.name));
const errorCodes = new Set<string>(PROTOCOL_TABLE.errors.map((e) => e.name));

export const isVerb = (name: string): name is VerbName => verbNames.has(name);
export const isReplyKind = (name: string): name is ReplyKind => replyKinds.has(name);
export const isErrorCode = (name: string): name is ErrorCode => errorCodes.has(name);

export function verbSpec(name: VerbName) {
  return PROTOCOL_TABLE.verbs.find((v) => v.name === name)!;
}

/** The table's own sentence about an error code: what it means and what to do next. */
export function describeError(code: string): string {
  return PROTOCOL_TABLE.errors.find((e) => e.name === code)?.doc ?? `unknown error code ${code}`;
}

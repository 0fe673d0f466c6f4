// Link-level failures. Command outcomes are data (ActionOutcome); these are the cases where the
// link itself cannot serve: a protocol mismatch, a port that will not open, an MCU that is silent.
export type McuLinkErrorCode =
  'HANDSHAKE_MISMATCH' | 'NO_REPLY' | 'DISCONNECTED' | 'CLOSED' | 'MCU_ERROR' | 'BAD_REPLY';

export class McuLinkError extends Error {
  constructor(
    readonly code: McuLinkErrorCode,
    message: string,
    /** The MCU's own error code when it answered ERR. */
    readonly mcuCode?: string,
  ) {
    super(message);
    this.name = 'McuLinkError';
  }

  get disconnected(): boolean {
    return this.code === 'DISCONNECTED' || this.code === 'CLOSED';
  }
}

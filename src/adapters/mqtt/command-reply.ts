// The answer to a command, sent to the MQTT 5 response topic with the command's correlation data.
import type { CommandError } from '../../core/operator/commands.js';

export type CommandReply =
  { requestId: string | null; ok: true; result: string } | { requestId: string | null; ok: false; error: CommandError };

export const okReply = (requestId: string | null, result: string): CommandReply => ({ requestId, ok: true, result });
export const errorReply = (requestId: string | null, error: CommandError): CommandReply => ({
  requestId,
  ok: false,
  error,
});

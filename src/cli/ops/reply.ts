// A bench's reply to a command (TOPICS.md): done, or an error that names what was wrong.
export interface CommandReply {
  requestId?: string;
  ok: boolean;
  result?: string;
  error?: { code?: string; field?: string; message?: string };
}

/** The reply, or undefined when the payload is not a reply object. */
export function parseReply(payload: Buffer): CommandReply | undefined {
  try {
    const value: unknown = JSON.parse(payload.toString());
    if (typeof value !== 'object' || value === null || typeof (value as { ok?: unknown }).ok !== 'boolean')
      return undefined;
    return value as CommandReply;
  } catch {
    return undefined;
  }
}

export function formatReply(benchId: string, command: string, reply: CommandReply): string {
  if (reply.ok) return `${benchId}: ${command} done${reply.result ? ` — ${reply.result}` : ''}`;
  const error = reply.error ?? {};
  const code = [error.code ?? 'error', error.field ? `field ${error.field}` : undefined].filter(Boolean).join(', ');
  return `${benchId} refused ${command} (${code}): ${error.message ?? 'no reason given'}`;
}

// The broker said no: to the connection (credentials) or to a publish (the ACL). Exit 4.
export class BrokerRefusal extends Error {}

/** MQTT 5 reason codes the broker uses to refuse. */
export const NOT_AUTHORIZED = 0x87;
export const BAD_USER_NAME_OR_PASSWORD = 0x86;

export function reasonCodeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

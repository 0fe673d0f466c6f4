// MQTT 5 reason codes a broker refuses with, explained for the person fixing the bench.
const EXPLANATIONS: Readonly<Record<number, string>> = {
  0x80: 'unspecified error: the broker gave no reason; its log says more (journalctl -u mosquitto)',
  0x84: 'unsupported protocol version: the broker does not speak MQTT 5; use mosquitto 2.x',
  0x85: 'client identifier not valid: the broker refused the client id',
  0x86: "bad user name or password: the user is not in the broker's password file, or the password differs",
  0x87: "not authorized: the broker's ACL (or allow_anonymous false) does not allow this",
  0x88: 'server unavailable',
  0x89: 'server busy: try again later',
  0x8a: 'banned: the broker refuses this client',
  0x8c: 'bad authentication method',
  0x8f: 'topic filter invalid: the bench id makes an invalid topic',
  0x90: 'topic name invalid: the bench id makes an invalid topic',
  0x95: "packet too large for the broker's message_size_limit",
  0x97: 'quota exceeded',
  0x9f: 'connection rate exceeded: the broker limits how often a client may connect; wait and retry',
};

/** mosquitto answers a wrong password with 0x87 as well, so on CONNECT it means the login. */
const ON_CONNECT: Readonly<Record<number, string>> = {
  0x87: 'not authorized: a wrong password, a user missing from the password file, or no user at all where allow_anonymous is false (mosquitto answers all three this way)',
};

export function explainReasonCode(code: number, packet: 'connect' | 'publish' | 'subscribe' = 'publish'): string {
  const hex = `0x${code.toString(16).padStart(2, '0')}`;
  const explanation =
    (packet === 'connect' ? ON_CONNECT[code] : undefined) ??
    EXPLANATIONS[code] ??
    'see the MQTT 5 specification, section 2.4';
  return `MQTT reason ${code} (${hex}): ${explanation}`;
}

export { reasonCodeOf } from '../../core/operator/broker-refusal.js';

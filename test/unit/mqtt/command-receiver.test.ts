// The command path without a broker: parsing, the reply policy, the request-id memory, expiry and
// dispatch, with the exact answers an operator sees.
import { beforeEach, expect, it } from 'vitest';
import {
  CommandReceiver,
  type IncomingCommand,
  type RefusedCommand,
} from '../../../src/adapters/mqtt/command-receiver.js';
import { MqttApprovals } from '../../../src/adapters/mqtt/mqtt-approvals.js';
import { MqttOperator } from '../../../src/adapters/mqtt/mqtt-operator.js';

const NOW = new Date('2030-01-01T12:00:00Z');
let operator: MqttOperator;
let approvals: MqttApprovals;
let receiver: CommandReceiver;
let logs: string[];
let estops: number;
let refusals: RefusedCommand[];
const REPLY = 'benchhand/b1/reply/op';

beforeEach(() => {
  operator = new MqttOperator();
  approvals = new MqttApprovals({ show: () => undefined, wallClock: () => NOW.toISOString() });
  logs = [];
  estops = 0;
  refusals = [];
  let id = 0;
  receiver = new CommandReceiver({
    operator,
    approvals,
    emergencyStop: () => async () => {
      estops += 1;
      return { latched: true };
    },
    findingStatus: () => undefined,
    markEstopped: () => undefined,
    publishFindingChange: () => undefined,
    handlerTimeoutMs: 100,
    replyPrefix: 'benchhand/b1/reply/',
    recordRefusal: (refusal) => refusals.push(refusal),
    log: (message) => logs.push(message),
    now: () => NOW,
    newId: () => `generated-${++id}`,
  });
});

const message = (payload: unknown, responseTopic: string | null = REPLY, sender = 'alice'): IncomingCommand => ({
  payload: Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)),
  sender,
  ...(responseTopic ? { responseTopic, correlationData: Buffer.from('c1') } : {}),
});

it('answers on the response topic with the correlation data', async () => {
  const reply = await receiver.receive(message({ requestId: 'request-1', command: 'pause' }));
  expect(reply).toEqual({
    topic: REPLY,
    correlationData: Buffer.from('c1'),
    reply: { requestId: 'request-1', ok: true, result: 'pause delivered: the run pauses at its next safe point' },
  });
});

it('lists the valid commands for an unknown one', async () => {
  const reply = await receiver.receive(message({ requestId: 'request-1', command: 'unlatch' }));
  expect(reply?.reply).toEqual({
    requestId: 'request-1',
    ok: false,
    error: {
      code: 'unknown_command',
      field: 'command',
      message:
        '"unlatch" is not a command; valid commands: pause, resume, stop, estop, redirect, approve, deny, finding, take, hand_back, act',
    },
  });
});

it('names the field and what is allowed for an unknown key', async () => {
  const reply = await receiver.receive(
    message({ requestId: 'request-1', command: 'deny', approvalId: 'a', reasons: 'x' }),
  );
  expect(reply?.reply).toMatchObject({
    ok: false,
    error: {
      code: 'invalid',
      field: 'reasons',
      message: expect.stringContaining('allowed: requestId, notAfter, by, origin, command, approvalId, reason'),
    },
  });
});

it('refuses a bad notAfter as invalid and a past one as expired', async () => {
  expect(
    (await receiver.receive(message({ requestId: 'request-1', command: 'stop', notAfter: 'tomorrow' })))?.reply,
  ).toMatchObject({ error: { code: 'invalid', field: 'notAfter' } });
  expect(
    (await receiver.receive(message({ requestId: 'request-2', command: 'stop', notAfter: '2030-01-01T11:59:59Z' })))
      ?.reply,
  ).toMatchObject({ error: { code: 'expired', field: 'notAfter' } });
  expect(await operator.poll()).toEqual([]);
});

it('runs a repeated request id once, including while the first is still running', async () => {
  const [first, second] = await Promise.all([
    receiver.receive(message({ requestId: 'request-1', command: 'estop' })),
    receiver.receive(message({ requestId: 'request-1', command: 'estop' })),
  ]);
  expect(estops).toBe(1);
  expect(second?.reply).toEqual(first?.reply);
});

it('refuses a command without a response topic unless Home Assistant sent it', async () => {
  expect(await receiver.receive(message({ requestId: 'request-1', command: 'stop' }, null))).toBeUndefined();
  expect(await operator.poll()).toEqual([]);
  expect(
    await receiver.receive(message({ origin: 'homeassistant', command: 'stop' }, null, 'homeassistant')),
  ).toBeUndefined();
  expect(await operator.poll()).toEqual([{ id: 'ha-generated-1', kind: 'stop', by: 'homeassistant' }]);
  expect(logs).toHaveLength(2);
  expect(refusals).toEqual([
    {
      requestId: 'request-1',
      from: 'alice',
      command: 'stop',
      reason: expect.stringContaining('no MQTT 5 responseTopic'),
    },
  ]);
});

it('lets only Home Assistant leave out the approval id, meaning the one pending', async () => {
  const answer = approvals.ask({ id: 'a-1', tool: 'tap', args: {}, summary: 'tap Pay', rule: 'money' });
  expect((await receiver.receive(message({ requestId: 'request-1', command: 'deny' })))?.reply).toMatchObject({
    error: { code: 'invalid', field: 'approvalId' },
  });
  await receiver.receive(message({ origin: 'homeassistant', command: 'deny' }, null, 'homeassistant'));
  await expect(answer).resolves.toEqual({
    approved: false,
    by: 'homeassistant',
    reason: 'denied over MQTT by homeassistant',
  });
});

it('answers "timeout" when a handler hangs', async () => {
  receiver = new CommandReceiver({
    operator,
    approvals,
    emergencyStop: () => () => new Promise(() => undefined),
    findingStatus: () => undefined,
    markEstopped: () => undefined,
    publishFindingChange: () => undefined,
    handlerTimeoutMs: 20,
    replyPrefix: 'benchhand/b1/reply/',
    recordRefusal: () => undefined,
    log: () => undefined,
    now: () => NOW,
    newId: () => 'x',
  });
  expect((await receiver.receive(message({ requestId: 'request-1', command: 'estop' })))?.reply).toMatchObject({
    ok: false,
    error: { code: 'timeout' },
  });
});

it("refuses, without a reply, a response topic with a wildcard, outside the reply prefix, or on the bench's own topics; records each once", async () => {
  const bad = [
    'benchhand/b1/reply/#',
    'benchhand/b1/reply/+/x',
    'benchhand/b1/status',
    'benchhand/b1/state',
    'benchhand/b2/reply/op',
    'benchhand/b1/reply/',
    'benchhand/b1/reply//x',
    `benchhand/b1/reply/${'x'.repeat(300)}`,
  ];
  for (const [index, topic] of bad.entries()) {
    const command = { requestId: `request-${index + 10}`, command: 'pause' };
    expect(await receiver.receive(message(command, topic))).toBeUndefined();
    expect(await receiver.receive(message(command, topic))).toBeUndefined(); // the broker's redelivery
  }
  expect(await operator.poll()).toEqual([]);
  expect(refusals.map((refusal) => refusal.requestId)).toEqual(bad.map((_, index) => `request-${index + 10}`));
  expect(refusals[0]).toEqual({
    requestId: 'request-10',
    from: 'alice',
    command: 'pause',
    reason: expect.stringContaining('holds a wildcard'),
  });
  expect(refusals[2]!.reason).toContain("outside this bench's reply topics");
  // Not JSON on a bad topic is refused the same way (no "invalid" reply to the wildcard).
  expect(await receiver.receive(message('not json', 'benchhand/b1/reply/#'))).toBeUndefined();
  expect(refusals).toHaveLength(bad.length + 1);
});

it('a reused request id with a different command is a mismatch and is not run; the same command gets the first answer', async () => {
  const first = await receiver.receive(message({ requestId: 'request-1', command: 'pause' }));
  const again = await receiver.receive(message({ command: 'pause', requestId: 'request-1' }));
  expect(again?.reply).toEqual(first?.reply);
  const other = await receiver.receive(message({ requestId: 'request-1', command: 'stop' }));
  expect(other?.reply).toMatchObject({
    requestId: 'request-1',
    ok: false,
    error: { code: 'mismatch', field: 'requestId' },
  });
  const otherSender = await receiver.receive(message({ requestId: 'request-1', command: 'pause' }, REPLY, 'bob'));
  expect(otherSender?.reply).toMatchObject({ ok: false, error: { code: 'mismatch' } });
  expect(await operator.poll()).toEqual([{ id: 'request-1', kind: 'pause', by: 'alice' }]);
});

it('records the broker user the command came from; a "by" naming someone else is refused', async () => {
  expect(
    (await receiver.receive(message({ requestId: 'request-1', command: 'pause', by: 'alice' })))?.reply,
  ).toMatchObject({ ok: true });
  const posing = await receiver.receive(message({ requestId: 'request-2', command: 'stop', by: 'the boss' }));
  expect(posing?.reply).toMatchObject({
    ok: false,
    error: { code: 'invalid', field: 'by', message: expect.stringContaining('user "alice"') },
  });
  expect(await operator.poll()).toEqual([{ id: 'request-1', kind: 'pause', by: 'alice' }]);
});

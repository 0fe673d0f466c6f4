// The command path without a broker: parsing, the reply policy, the request-id memory, expiry and
// dispatch, with the exact answers an operator sees.
import { beforeEach, expect, it } from 'vitest';
import { CommandReceiver, type IncomingCommand } from '../../../src/adapters/mqtt/command-receiver.js';
import { MqttApprovals } from '../../../src/adapters/mqtt/mqtt-approvals.js';
import { MqttOperator } from '../../../src/adapters/mqtt/mqtt-operator.js';

const NOW = new Date('2030-01-01T12:00:00Z');
let operator: MqttOperator;
let approvals: MqttApprovals;
let receiver: CommandReceiver;
let logs: string[];
let estops: number;

beforeEach(() => {
  operator = new MqttOperator();
  approvals = new MqttApprovals({ show: () => undefined, wallClock: () => NOW.toISOString() });
  logs = [];
  estops = 0;
  let id = 0;
  receiver = new CommandReceiver({
    operator, approvals,
    emergencyStop: () => async () => { estops += 1; return { latched: true }; },
    findingStatus: () => undefined,
    markEstopped: () => undefined,
    publishFindingChange: () => undefined,
    handlerTimeoutMs: 100,
    log: (message) => logs.push(message),
    now: () => NOW,
    newId: () => `generated-${++id}`,
  });
});

const message = (payload: unknown, responseTopic: string | null = 'reply/op'): IncomingCommand => ({
  payload: Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)),
  ...(responseTopic ? { responseTopic, correlationData: Buffer.from('c1') } : {}),
});

it('answers on the response topic with the correlation data', async () => {
  const reply = await receiver.receive(message({ requestId: 'request-1', command: 'pause' }));
  expect(reply).toEqual({ topic: 'reply/op', correlationData: Buffer.from('c1'), reply: { requestId: 'request-1', ok: true, result: 'pause delivered: the run pauses at its next safe point' } });
});

it('lists the valid commands for an unknown one', async () => {
  const reply = await receiver.receive(message({ requestId: 'request-1', command: 'unlatch' }));
  expect(reply?.reply).toEqual({ requestId: 'request-1', ok: false, error: { code: 'unknown_command', field: 'command', message: '"unlatch" is not a command; valid commands: pause, resume, stop, estop, redirect, approve, deny, finding' } });
});

it('names the field and what is allowed for an unknown key', async () => {
  const reply = await receiver.receive(message({ requestId: 'request-1', command: 'deny', approvalId: 'a', reasons: 'x' }));
  expect(reply?.reply).toMatchObject({ ok: false, error: { code: 'invalid', field: 'reasons', message: expect.stringContaining('allowed: requestId, notAfter, by, origin, command, approvalId, reason') } });
});

it('refuses a bad notAfter as invalid and a past one as expired', async () => {
  expect((await receiver.receive(message({ requestId: 'request-1', command: 'stop', notAfter: 'tomorrow' })))?.reply).toMatchObject({ error: { code: 'invalid', field: 'notAfter' } });
  expect((await receiver.receive(message({ requestId: 'request-2', command: 'stop', notAfter: '2030-01-01T11:59:59Z' })))?.reply).toMatchObject({ error: { code: 'expired', field: 'notAfter' } });
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
  expect(await receiver.receive(message({ origin: 'homeassistant', command: 'stop' }, null))).toBeUndefined();
  expect(await operator.poll()).toEqual([{ id: 'ha-generated-1', kind: 'stop', by: 'home assistant' }]);
  expect(logs).toHaveLength(2);
});

it('lets only Home Assistant leave out the approval id, meaning the one pending', async () => {
  const answer = approvals.ask({ id: 'a-1', tool: 'tap', args: {}, summary: 'tap Pay', rule: 'money' });
  expect((await receiver.receive(message({ requestId: 'request-1', command: 'deny' })))?.reply).toMatchObject({ error: { code: 'invalid', field: 'approvalId' } });
  await receiver.receive(message({ origin: 'homeassistant', command: 'deny' }, null));
  await expect(answer).resolves.toEqual({ approved: false, by: 'home assistant', reason: 'denied over MQTT by home assistant' });
});

it('answers "timeout" when a handler hangs', async () => {
  receiver = new CommandReceiver({
    operator, approvals, emergencyStop: () => () => new Promise(() => undefined), findingStatus: () => undefined,
    markEstopped: () => undefined, publishFindingChange: () => undefined, handlerTimeoutMs: 20,
    log: () => undefined, now: () => NOW, newId: () => 'x',
  });
  expect((await receiver.receive(message({ requestId: 'request-1', command: 'estop' })))?.reply).toMatchObject({ ok: false, error: { code: 'timeout' } });
});

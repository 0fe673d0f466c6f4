// Every command path against a real mosquitto: operator commands reach the loop's port, e-stop
// and finding reach the app's handlers, approvals resolve, and every reply carries the
// correlation data back.
import { afterAll, beforeAll, beforeEach, afterEach, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { startBench, type TestBench } from './bench-setup.js';
import { newRequestId, TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

describeWithMosquitto('MQTT commands against mosquitto', () => {
  let broker: Mosquitto;
  let setup: TestBench;
  let operator: TestOperator;

  beforeAll(async () => {
    broker = await Mosquitto.start();
  });
  afterAll(async () => {
    await broker?.stop();
  });
  beforeEach(async () => {
    setup = await startBench(broker.url);
    operator = await TestOperator.connect(broker.url);
  });
  afterEach(async () => {
    await operator?.close();
    await setup?.close();
  });

  it('pause, resume, stop and redirect reach the operator port, each once, with ok replies', async () => {
    const { bench } = setup;
    const ids = [newRequestId(), newRequestId(), newRequestId(), newRequestId()];
    const replies = [
      await operator.send('bench1', { requestId: ids[0], command: 'pause', by: 'test-operator' }),
      await operator.send('bench1', {
        requestId: ids[1],
        command: 'redirect',
        instructions: 'open Bluetooth settings instead',
      }),
      await operator.send('bench1', { requestId: ids[2], command: 'resume' }),
      await operator.send('bench1', { requestId: ids[3], command: 'stop' }),
    ];
    for (const [index, reply] of replies.entries()) expect(reply).toMatchObject({ requestId: ids[index], ok: true });
    expect(await bench.operator.poll()).toEqual([
      { id: ids[0], kind: 'pause', by: 'test-operator' },
      { id: ids[1], kind: 'redirect', by: 'test-operator', instructions: 'open Bluetooth settings instead' },
      { id: ids[2], kind: 'resume', by: 'test-operator' },
      { id: ids[3], kind: 'stop', by: 'test-operator' },
    ]);
    expect(await bench.operator.poll()).toEqual([]);
  });

  it('estop calls the registered handler at once, pauses the run, shows estopped, and says the MCU latched', async () => {
    const { bench } = setup;
    let calls = 0;
    bench.onEmergencyStop(async () => {
      calls += 1;
      return { latched: true, detail: 'MCU reported ESTOP latched' };
    });
    const requestId = newRequestId();
    const reply = await operator.send('bench1', { requestId, command: 'estop' });
    expect(reply).toMatchObject({ requestId, ok: true });
    expect(String(reply!.result)).toMatch(/latched.*not possible over MQTT/s);
    expect(calls).toBe(1);
    expect(bench.state.estopped).toBe(true);
    expect(await bench.operator.poll()).toEqual([{ id: requestId, kind: 'pause', by: 'test-operator' }]);
  });

  it('estop says so when the MCU did not latch, or when no handler is registered', async () => {
    const { bench } = setup;
    const unwired = await operator.send('bench1', { requestId: newRequestId(), command: 'estop' });
    expect(unwired).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    bench.onEmergencyStop(async () => ({ latched: false, detail: 'MCU not connected' }));
    const refused = await operator.send('bench1', { requestId: newRequestId(), command: 'estop' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'failed', message: expect.stringContaining('MCU not connected') },
    });
    expect(bench.state.estopped).toBe(false);
  });

  it('there is no command to release an e-stop', async () => {
    const reply = await operator.send('bench1', { requestId: newRequestId(), command: 'release' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_command', field: 'command' } });
    expect(String((reply!.error as { message: string }).message)).toContain(
      'valid commands: pause, resume, stop, estop, redirect, approve, deny, finding',
    );
  });

  it('approve resolves the pending request shown in the state; a wrong id is refused and leaves it pending', async () => {
    const { bench } = setup;
    await operator.watch('benchhand/bench1/state');
    const answer = bench.approvals.ask({
      id: 'approval-1',
      tool: 'tap_text',
      args: {},
      summary: 'tap on "Pay" at 540,1210',
      rule: 'irreversible',
    });
    await operator.until(() =>
      operator
        .on('benchhand/bench1/state')
        .some((m) => JSON.parse(m.payload.toString()).pendingApproval?.id === 'approval-1'),
    );

    const wrong = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'approve',
      approvalId: 'approval-9',
    });
    expect(wrong).toMatchObject({
      ok: false,
      error: { code: 'not_pending', field: 'approvalId', message: expect.stringContaining('pending now: approval-1') },
    });
    const missing = await operator.send('bench1', { requestId: newRequestId(), command: 'approve' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid', field: 'approvalId' } });
    expect(bench.state.pendingApproval?.id).toBe('approval-1');

    const ok = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'approve',
      approvalId: 'approval-1',
    });
    expect(ok).toMatchObject({ ok: true, result: 'approved: tap on "Pay" at 540,1210' });
    await expect(answer).resolves.toEqual({ approved: true, by: 'test-operator' });
    expect(bench.state.pendingApproval).toBeNull();
    await operator.until(
      () => JSON.parse(operator.on('benchhand/bench1/state').at(-1)!.payload.toString()).pendingApproval === null,
    );

    const late = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'deny',
      approvalId: 'approval-1',
    });
    // A late answer is told whose came first (several operators may watch); the state says it too.
    expect(late).toMatchObject({
      ok: false,
      error: {
        code: 'not_pending',
        message: expect.stringMatching(
          /^approval approval-1 was already answered: approved by test-operator at .* \(the first answer counts\)$/,
        ),
      },
    });
    expect(bench.state.lastApprovalAnswer).toMatchObject({ id: 'approval-1', approved: true, by: 'test-operator' });
  });

  it('deny resolves the pending request with the reason', async () => {
    const { bench } = setup;
    const answer = bench.approvals.ask({
      id: 'approval-2',
      tool: 'type_text',
      args: {},
      summary: 'type the PIN',
      rule: 'secret',
    });
    const reply = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'deny',
      approvalId: 'approval-2',
      reason: 'wrong device',
    });
    expect(reply).toMatchObject({ ok: true, result: 'denied: type the PIN' });
    await expect(answer).resolves.toEqual({ approved: false, by: 'test-operator', reason: 'wrong device' });
  });

  it('finding calls the registered handler with the change and publishes the changed record', async () => {
    const { bench } = setup;
    const changes: unknown[] = [];
    bench.onFindingStatus(async (change) => {
      changes.push(change);
      return change.findingId.startsWith('abcdef')
        ? { ok: true, result: `finding abcdef… is now ${change.status}` }
        : {
            ok: false,
            error: { code: 'not_found', field: 'findingId', message: `no finding starts with ${change.findingId}` },
          };
    });
    const ok = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'finding',
      findingId: 'abcdef12',
      status: 'acknowledged',
      note: 'seen it',
    });
    expect(ok).toMatchObject({ ok: true, result: 'finding abcdef… is now acknowledged' });
    const unknown = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'finding',
      findingId: '999999',
      status: 'resolved',
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found', field: 'findingId' } });
    const noNote = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'finding',
      findingId: 'abcdef12',
      status: 'dismissed',
    });
    expect(noNote).toMatchObject({ ok: false, error: { code: 'invalid', field: 'note' } });
    expect(changes).toEqual([
      { findingId: 'abcdef12', status: 'acknowledged', note: 'seen it', by: 'test-operator' },
      { findingId: '999999', status: 'resolved', by: 'test-operator' },
    ]);
  });

  it('a duplicate requestId runs once and the repeat gets the first reply; the same id for another command is a mismatch', async () => {
    const { bench } = setup;
    let calls = 0;
    bench.onEmergencyStop(async () => {
      calls += 1;
      return { latched: true };
    });
    const requestId = newRequestId();
    const first = await operator.send('bench1', { requestId, command: 'estop' });
    const second = await operator.send('bench1', { requestId, command: 'estop' });
    const third = await operator.send('bench1', { requestId, command: 'pause' });
    expect(calls).toBe(1);
    expect(second).toEqual(first);
    // The same id for another command is not a repeat: it is refused, not given the e-stop's answer.
    expect(third).toMatchObject({ requestId, ok: false, error: { code: 'mismatch', field: 'requestId' } });
    expect(await bench.operator.poll()).toHaveLength(1);
    expect(setup.logs.filter((line) => line.includes('is a repeat'))).toHaveLength(1);
  });

  it('a command past its notAfter is refused as expired and not run', async () => {
    const { bench } = setup;
    const reply = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'pause',
      notAfter: new Date(Date.now() - 1000).toISOString(),
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'expired', field: 'notAfter' } });
    const fresh = await operator.send('bench1', {
      requestId: newRequestId(),
      command: 'pause',
      notAfter: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(fresh).toMatchObject({ ok: true });
    expect(await bench.operator.poll()).toHaveLength(1);
  });

  it('malformed JSON, unknown fields, bad values and unknown commands are answered with what was wrong, and nothing runs', async () => {
    const { bench } = setup;
    const notJson = await operator.send('bench1', {}, { raw: '{"command": pause' });
    expect(notJson).toMatchObject({
      requestId: null,
      ok: false,
      error: { code: 'invalid', field: '', message: expect.stringContaining('not JSON') },
    });
    const array = await operator.send('bench1', {}, { raw: '[1,2]' });
    expect(array).toMatchObject({ ok: false, error: { code: 'invalid' } });
    const typo = await operator.send('bench1', { requestId: newRequestId(), command: 'approve', approvalID: 'x' });
    expect(typo).toMatchObject({
      ok: false,
      error: { code: 'invalid', field: 'approvalID', message: expect.stringContaining('allowed:') },
    });
    const shortId = await operator.send('bench1', { requestId: 'abc', command: 'pause' });
    expect(shortId).toMatchObject({ requestId: 'abc', ok: false, error: { code: 'invalid', field: 'requestId' } });
    const redirect = await operator.send('bench1', { requestId: newRequestId(), command: 'redirect' });
    expect(redirect).toMatchObject({ ok: false, error: { code: 'invalid', field: 'instructions' } });
    const unknown = await operator.send('bench1', { requestId: newRequestId(), command: 'reboot' });
    expect(unknown).toMatchObject({
      ok: false,
      error: { code: 'unknown_command', message: expect.stringContaining('"reboot" is not a command') },
    });
    expect(await bench.operator.poll()).toEqual([]);
    expect(bench.connected).toBe(true);
  });

  it('a command without a response topic is refused and logged; from Home Assistant it runs reply-less', async () => {
    const { bench } = setup;
    const none = await operator.send(
      'bench1',
      { requestId: newRequestId(), command: 'stop' },
      { noResponseTopic: true, timeoutMs: 300 },
    );
    expect(none).toBeUndefined();
    expect(setup.logs.some((line) => line.includes('refused') && line.includes('responseTopic'))).toBe(true);
    expect(await bench.operator.poll()).toEqual([]);

    const answer = bench.approvals.ask({
      id: 'approval-3',
      tool: 'tap_text',
      args: {},
      summary: 'tap on "Delete"',
      rule: 'irreversible',
    });
    const press = (command: string) =>
      operator.send(
        'bench1',
        {},
        {
          raw: JSON.stringify({ origin: 'homeassistant', command }),
          noResponseTopic: true,
          timeoutMs: 200,
          topic: 'benchhand/bench1/cmd/homeassistant',
        },
      );
    await press('pause');
    await press('pause');
    await press('approve');
    const polled = await bench.operator.poll();
    // Two presses are two commands: the bench gives each its own request id.
    expect(polled.map((command) => [command.kind, command.by])).toEqual([
      ['pause', 'homeassistant'],
      ['pause', 'homeassistant'],
    ]);
    await expect(answer).resolves.toEqual({ approved: true, by: 'homeassistant' });
    expect(setup.logs.filter((line) => line.includes('from home assistant without a reply topic'))).toHaveLength(3);
  });

  it('an approval left unanswered past the timeout is denied with the reason', async () => {
    await setup.close();
    setup = await startBench(broker.url, { approvalTimeoutMs: 150 });
    const answer = await setup.bench.approvals.ask({
      id: 'approval-4',
      tool: 'tap_text',
      args: {},
      summary: 'tap',
      rule: 'irreversible',
    });
    expect(answer).toEqual({ approved: false, by: 'benchhand', reason: 'no operator answered within 150 ms' });
    expect(setup.bench.state.pendingApproval).toBeNull();
  });
});

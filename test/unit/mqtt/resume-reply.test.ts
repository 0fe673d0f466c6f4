// Issue 27 item 6: a reply says what the bench will do, not that the message arrived. A resume
// while the e-stop is latched was answered ok ("resume delivered: the run resumes ...") while the
// run refused it; now the reply is the refusal, with how the e-stop is released.
import { expect, it } from 'vitest';
import { dispatchCommand, type DispatcherDeps } from '../../../src/adapters/mqtt/command-dispatcher.js';
import { MqttApprovals } from '../../../src/adapters/mqtt/mqtt-approvals.js';
import { MqttOperator } from '../../../src/adapters/mqtt/mqtt-operator.js';

const LATCHED =
  'e-stop latched (by the e-stop button at 2030-01-01T12:00:00Z); release it at the bench with `benchhand estop release --state-dir /var/lib/benchhand`';

function deps(held: () => Promise<string | undefined>): DispatcherDeps & { operator: MqttOperator } {
  return {
    operator: new MqttOperator(),
    approvals: new MqttApprovals({ show: () => undefined, wallClock: () => '2030-01-01T12:00:00Z' }),
    emergencyStop: () => undefined,
    findingStatus: () => undefined,
    resumeGate: () => held,
    markEstopped: () => undefined,
    publishFindingChange: () => undefined,
    handlerTimeoutMs: 100,
  };
}

it('a resume while the e-stop is latched is answered with the refusal and how to release it', async () => {
  const bench = deps(async () => LATCHED);
  const reply = await dispatchCommand({ requestId: 'r1', command: 'resume' }, 'alice', bench);
  expect(reply).toEqual({
    requestId: 'r1',
    ok: false,
    error: {
      code: 'refused',
      field: 'command',
      message: `the run will not resume: ${LATCHED}; it holds still until then, and a resume is needed after the release`,
    },
  });
  // The run still hears it, and records its own refusal at its next safe point.
  expect(await bench.operator.poll()).toEqual([{ id: 'r1', kind: 'resume', by: 'alice' }]);
});

it('a resume with nothing latched is answered with what the run will do', async () => {
  const reply = await dispatchCommand(
    { requestId: 'r2', command: 'resume' },
    'alice',
    deps(async () => undefined),
  );
  expect(reply).toEqual({
    requestId: 'r2',
    ok: true,
    result: 'resume delivered: the run resumes, looking at the screen again before it acts',
  });
});

it('an e-stop record that cannot be read counts as holding the run: the reply says so', async () => {
  const reply = await dispatchCommand(
    { requestId: 'r3', command: 'resume' },
    'alice',
    deps(async () => Promise.reject(new Error('EIO'))),
  );
  expect(reply).toMatchObject({
    ok: false,
    error: { code: 'refused', message: expect.stringContaining('cannot be read (EIO)') },
  });
});

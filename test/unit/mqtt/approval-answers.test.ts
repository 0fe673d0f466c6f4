// Several operators watch one bench: the first answer to an approval wins, the state says whose it
// was, and a later answer is told who came first (the web console shows both).
import { expect, it } from 'vitest';
import type { AnsweredApproval } from '../../../src/core/operator/bench-state.js';
import { MqttApprovals } from '../../../src/adapters/mqtt/mqtt-approvals.js';

const request = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  tool: 'tap_text',
  summary: 'tap on "Delete"',
  rule: 'irreversible',
  args: {},
};

it('the first answer counts; the second is told whose it was', async () => {
  const answers: AnsweredApproval[] = [];
  const approvals = new MqttApprovals({
    show: () => undefined,
    wallClock: () => '2026-12-01T02:00:00.000Z',
    answered: (answer) => answers.push(answer),
  });
  const asked = approvals.ask(request);
  expect(approvals.answer(request.id, { approved: true, by: 'alice' })).toMatchObject({ ok: true });
  const late = approvals.answer(request.id, { approved: false, by: 'bob', reason: 'no' });
  expect(late).toEqual({
    ok: false,
    message: `approval ${request.id} was already answered: approved by alice at 2026-12-01T02:00:00.000Z (the first answer counts)`,
  });
  expect(await asked).toEqual({ approved: true, by: 'alice' });
  expect(answers).toEqual([
    {
      id: request.id,
      tool: 'tap_text',
      summary: 'tap on "Delete"',
      approved: true,
      by: 'alice',
      at: '2026-12-01T02:00:00.000Z',
    },
  ]);
});

it('a denial keeps its reason; an id never asked is still "not pending"', async () => {
  const answers: AnsweredApproval[] = [];
  const approvals = new MqttApprovals({
    show: () => undefined,
    wallClock: () => 't',
    answered: (answer) => answers.push(answer),
  });
  const asked = approvals.ask(request);
  approvals.answer(request.id, { approved: false, by: 'bob', reason: 'wrong account' });
  expect(await asked).toMatchObject({ approved: false });
  expect(answers[0]).toMatchObject({ approved: false, by: 'bob', reason: 'wrong account' });
  expect(approvals.answer('ffffffff-0000-4000-8000-000000000009', { approved: true, by: 'alice' })).toMatchObject({
    ok: false,
    message: expect.stringMatching(/is not pending: nothing is waiting/),
  });
});

// The bench state's one definition (src/core/operator/bench-state.ts): what a bench publishes
// parses under its schema, and an operator's client reads a state of another version tolerantly
// (missing fields, a mistyped field left out) and refuses what is not a state at all.
import { describe, expect, it } from 'vitest';
import { createLineMaker } from '../../../src/cli/ops/follow.js';
import {
  benchStateSchema,
  initialBenchState,
  mergeBenchState,
  readBenchState,
  stateUpdateForProgress,
} from '../../../src/core/operator/bench-state.js';
import { benchTopic } from '../../../src/core/operator/topics.js';

const AT = '2026-12-02T15:00:00.000Z';

function publishedState() {
  let state = initialBenchState('bench-1', AT);
  state = mergeBenchState(
    state,
    {
      run: {
        runId: 'r1',
        task: 'wifi.task.yaml',
        goal: 'join the network',
        interpreter: 'script',
        status: 'running',
        step: 0,
        phase: 'observe',
        stepsUsed: 0,
        maxSteps: 40,
        elapsedMs: 0,
        deadlineMs: 600000,
      },
      pendingApproval: {
        id: 'a1',
        tool: 'tap_text',
        summary: 'tap on "Pay"',
        rule: 'pay',
        since: AT,
        context: {
          screenTitle: 'Checkout',
          element: { kind: 'button', text: 'Pay', box: { x: 1, y: 2, width: 3, height: 4 } },
        },
        picture: { format: 'jpeg', base64: 'AAAA', width: 10, height: 10 },
      },
    },
    AT,
  );
  const update = stateUpdateForProgress(state, { type: 'step', step: 3, phase: 'act' } as never, AT);
  return mergeBenchState(state, update!, AT);
}

describe('the bench state schema', () => {
  it('accepts what a bench publishes, and refuses a state missing a field', () => {
    const state = publishedState();
    expect(benchStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
    const { estopped: _gone, ...missing } = state;
    const refused = benchStateSchema.safeParse(missing);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['estopped']);
  });

  it('is read tolerantly by an operator: missing fields are fine, a mistyped one is left out', () => {
    expect(readBenchState(JSON.stringify({ benchId: 'b', newField: 1 }))).toEqual({ benchId: 'b' });
    const read = readBenchState(
      JSON.stringify({ benchId: 'b', online: 'yes', run: { step: 'three' }, estopped: true }),
    );
    expect(read).toEqual({ benchId: 'b', estopped: true });
    expect(readBenchState('not json')).toBeUndefined();
    expect(readBenchState('[1,2]')).toBeUndefined();
    expect(readBenchState('"text"')).toBeUndefined();
  });

  it('ops follow prints a mistyped state without its wrong fields', () => {
    // A fixed clock: a wall-clock stamp such as 04:42:52 would itself contain the '42' looked for.
    const line = createLineMaker(
      'b',
      false,
      () => new Date('2026-01-01T10:11:12Z'),
    )(
      benchTopic('b', 'state'),
      Buffer.from(JSON.stringify({ run: { status: 42, step: 2, maxSteps: 9 }, estopped: 'no' })),
    );
    expect(line).toBe('10:11:12 b state idle (no run) · last: none yet');
  });
});

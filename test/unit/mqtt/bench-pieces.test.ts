// The pure pieces: backoff, state folding, topics, discovery, approvals.
import { expect, it } from 'vitest';
import { initialBenchState, mergeBenchState, stateUpdateForProgress } from '../../../src/core/operator/bench-state.js';
import { homeAssistantDiscovery } from '../../../src/adapters/mqtt/home-assistant-discovery.js';
import { MqttApprovals } from '../../../src/adapters/mqtt/mqtt-approvals.js';
import { reconnectDelayMs } from '../../../src/adapters/mqtt/reconnect-backoff.js';
import { benchTopics } from '../../../src/core/operator/topics.js';

const backoff = { initialDelayMs: 100, maxDelayMs: 1000, stableAfterMs: 0 };

it('backoff doubles to the cap, jitter between half and all of each step', () => {
  expect([0, 1, 2, 3, 4, 5].map((attempt) => reconnectDelayMs(attempt, backoff, () => 1))).toEqual([
    100, 200, 400, 800, 1000, 1000,
  ]);
  expect([0, 1, 2, 3, 4, 5].map((attempt) => reconnectDelayMs(attempt, backoff, () => 0))).toEqual([
    50, 100, 200, 400, 500, 500,
  ]);
  expect(reconnectDelayMs(10_000, backoff, () => 1)).toBe(1000);
});

it('refuses a bench id that would widen a topic pattern', () => {
  expect(() => benchTopics('bench/+')).toThrow(/not usable in a topic/);
  expect(() => benchTopics('#')).toThrow();
  expect(benchTopics('bench_1').command).toBe('benchhand/bench_1/cmd/+');
  expect(benchTopics('bench_1').replyPrefix).toBe('benchhand/bench_1/reply/');
});

it('folds progress into the state and merges a run field by field', () => {
  let state = initialBenchState('b1', 't0');
  // A run not shown yet appears from its progress.
  expect(stateUpdateForProgress(state, { type: 'step', step: 1, phase: 'observe' }, 't1')).toEqual({
    run: { status: 'running', step: 1, phase: 'observe', stepsUsed: 1 },
  });
  state = mergeBenchState(
    state,
    {
      run: {
        runId: 'r',
        task: 't',
        goal: 'g',
        interpreter: 'llm',
        status: 'running',
        step: 0,
        phase: 'observe',
        stepsUsed: 0,
        maxSteps: 5,
        elapsedMs: 0,
        deadlineMs: 1,
      },
    },
    't1',
  );
  state = mergeBenchState(state, stateUpdateForProgress(state, { type: 'step', step: 2, phase: 'act' }, 't2')!, 't2');
  state = mergeBenchState(
    state,
    stateUpdateForProgress(state, { type: 'call', step: 2, tool: 'tap_text', summary: 'tap OK' }, 't3')!,
    't3',
  );
  expect(state.lastAction).toEqual({ tool: 'tap_text', summary: 'tap OK', status: 'pending', at: 't3' });
  state = mergeBenchState(
    state,
    stateUpdateForProgress(
      state,
      { type: 'outcome', step: 2, tool: 'tap_text', status: 'ok', content: '', durationMs: 5 },
      't4',
    )!,
    't4',
  );
  expect(state.lastAction).toEqual({ tool: 'tap_text', summary: 'tap OK', status: 'ok', at: 't4' });
  state = mergeBenchState(state, { run: { status: 'paused' } }, 't5');
  expect(state.run).toMatchObject({ runId: 'r', step: 2, phase: 'act', status: 'paused', maxSteps: 5 });
  expect(state.at).toBe('t5');
});

it('discovery: every entity unique, tied to one device, available with the bench status; long text cut for Home Assistant', () => {
  const messages = homeAssistantDiscovery({
    benchId: 'b1',
    topics: benchTopics('b1'),
    prefix: 'ha',
    softwareVersion: '1',
    username: 'hass',
  });
  const configs = messages.map((message) => JSON.parse(message.payload) as Record<string, any>);
  expect(new Set(configs.map((config) => config.unique_id)).size).toBe(messages.length);
  expect(configs.every((config) => config.availability_topic === 'benchhand/b1/status')).toBe(true);
  expect(
    configs
      .filter((config) => config.command_topic)
      .every((config) => JSON.parse(config.payload_press).origin === 'homeassistant' && config.qos === 0),
  ).toBe(true);
  expect(
    configs
      .filter((config) => config.command_topic)
      .every((config) => config.command_topic === 'benchhand/b1/cmd/hass'),
  ).toBe(true);
  expect(
    configs
      .filter((config) => config.state_topic)
      .every(
        (config) => String(config.value_template).includes('[:250]') || !String(config.value_template).includes('Text'),
      ),
  ).toBe(true);
});

it('approvals: an aborted request is refused, a cancelled bench refuses all, the state shows the oldest', async () => {
  const shown: Array<string | null> = [];
  const approvals = new MqttApprovals({ show: (pending) => shown.push(pending?.id ?? null), wallClock: () => 't' });
  const controller = new AbortController();
  const first = approvals.ask({ id: 'a', tool: 't', args: {}, summary: 's', rule: 'r' }, controller.signal);
  const second = approvals.ask({ id: 'b', tool: 't', args: {}, summary: 's', rule: 'r' });
  controller.abort();
  await expect(first).resolves.toMatchObject({ approved: false, reason: expect.stringContaining('cancelled') });
  approvals.cancelAll('closing');
  await expect(second).resolves.toEqual({ approved: false, by: 'benchhand', reason: 'closing' });
  expect(shown).toEqual(['a', 'a', 'b', null]);
});

it("the state says paused from the loop's pause until its resume", () => {
  let state = initialBenchState('b1', 't0');
  const fold = (event: Parameters<typeof stateUpdateForProgress>[1]) => {
    state = mergeBenchState(state, stateUpdateForProgress(state, event, 't')!, 't');
  };
  fold({ type: 'step', step: 3, phase: 'observe' });
  expect(state.run?.status).toBe('running');
  fold({
    type: 'outcome',
    step: 3,
    tool: 'operator_pause',
    status: 'ok',
    content: 'paused until resumed',
    durationMs: 0,
  });
  expect(state.run).toMatchObject({ status: 'paused', step: 3 });
  fold({ type: 'step', step: 3, phase: 'observe' });
  expect(state.run?.status).toBe('paused');
  fold({ type: 'outcome', step: 3, tool: 'operator_resume', status: 'ok', content: 'resumed', durationMs: 0 });
  expect(state.run?.status).toBe('running');
  // Manual control, as the loop audits it: taken holds the run, handed back (by the person or for
  // them when idle) lets it go on.
  fold({ type: 'outcome', step: 4, tool: 'operator_take', status: 'ok', content: 'the bench is yours', durationMs: 0 });
  expect(state.run?.status).toBe('paused');
  fold({ type: 'outcome', step: 4, tool: 'operator_hand_back', status: 'ok', content: 'handed back', durationMs: 0 });
  expect(state.run?.status).toBe('running');
});

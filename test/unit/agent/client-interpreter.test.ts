// The MCP seam: a client's call becomes the loop's next decision, and its outcome goes back with
// the next look; a call after a quiet spell gets a fresh look first; an ended run answers every
// waiting call. On a manual clock: no wall time.
import { describe, expect, it } from 'vitest';
import { ClientInterpreter } from '../../../src/core/agent/interpreters/client/client-interpreter.js';
import type { InterpretInput } from '../../../src/core/agent/interpreters/interpreter.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import type { ToolOutcome } from '../../../src/core/agent/types.js';

const look = (text: string): Observation => ({ screen: { lines: [{ text }] } }) as unknown as Observation;
const input = (step: number, observation: Observation, results: ToolOutcome[] = []): InterpretInput => ({
  step,
  goal: 'g',
  observation,
  results,
});

function interpreter() {
  let now = 0;
  const client = new ClientInterpreter({ now: () => now, freshForMs: 2000 });
  return { client, advance: (ms: number) => (now += ms) };
}

describe('ClientInterpreter', () => {
  it('runs a queued call as the next step and answers it with the outcome and the next look', async () => {
    const { client } = interpreter();
    const signal = new AbortController().signal;
    const reply = client.submit({ id: 'c1', name: 'tap_text', argumentsJson: '{"text":"OK"}' });
    const decision = await client.next(input(1, look('before')), signal);
    expect(decision).toEqual({
      kind: 'calls',
      calls: [{ id: 'c1', name: 'tap_text', argumentsJson: '{"text":"OK"}' }],
    });
    expect(client.current()?.id).toBe('c1');
    const outcome: ToolOutcome = { callId: 'c1', tool: 'tap_text', status: 'ok', content: 'Done' };
    const waiting = client.next(input(2, look('after'), [outcome]), signal);
    await expect(reply).resolves.toEqual({ outcome, observation: look('after') });
    client.close({ kind: 'cancelled', reason: 'bye' });
    await expect(waiting).resolves.toMatchObject({ kind: 'halt' });
  });

  it('looks again first when the call comes more than freshForMs after the look', async () => {
    const { client, advance } = interpreter();
    const signal = new AbortController().signal;
    const first = client.next(input(1, look('old')), signal);
    advance(5000);
    void client.submit({ id: 'c1', name: 'back', argumentsJson: '{}' });
    await expect(first).resolves.toEqual({ kind: 'calls', calls: [] });
    await expect(client.next(input(2, look('new')), signal)).resolves.toMatchObject({
      kind: 'calls',
      calls: [{ id: 'c1' }],
    });
  });

  it('answers the call in flight and every queued one when the run ends; later calls are refused at once', async () => {
    const { client } = interpreter();
    const signal = new AbortController().signal;
    const inFlight = client.submit({ id: 'c1', name: 'tap_text', argumentsJson: '{}' });
    const queued = client.submit({ id: 'c2', name: 'back', argumentsJson: '{}' });
    await client.next(input(1, look('s')), signal);
    const last: ToolOutcome = { callId: 'c1', tool: 'tap_text', status: 'ok', content: 'Done' };
    const stop = { kind: 'cancelled' as const, reason: 'stopped by ops' };
    client.close(stop, last);
    await expect(inFlight).resolves.toEqual({ outcome: last, termination: stop });
    const notRun = await queued;
    expect(notRun.outcome.status).toBe('error');
    expect(notRun.outcome.content).toMatch(/Not run: the run ended \(cancelled: stopped by ops\)\. Nothing moved/);
    await expect(client.submit({ id: 'c3', name: 'back', argumentsJson: '{}' })).resolves.toMatchObject({
      termination: stop,
    });
  });

  it('answers an e-stopped call at once, without waiting for a look the held run will not take', async () => {
    const { client } = interpreter();
    const reply = client.submit({ id: 'c1', name: 'tap_text', argumentsJson: '{}' });
    await client.next(input(1, look('s')), new AbortController().signal);
    const stopped: ToolOutcome = {
      callId: 'c1',
      tool: 'tap_text',
      status: 'estopped',
      content: 'The e-stop stopped it',
    };
    client.answerNow({ ...stopped, callId: 'other' });
    client.answerNow(stopped);
    await expect(reply).resolves.toEqual({ outcome: stopped });
    expect(client.current()).toBeUndefined();
  });

  it('a nudge while waiting sends the loop round with no call (to its operators); not while a call runs', async () => {
    const { client } = interpreter();
    const signal = new AbortController().signal;
    client.nudge();
    expect(client.idle()).toBe(false);
    const waiting = client.next(input(1, look('s')), signal);
    expect(client.idle()).toBe(true);
    client.nudge();
    await expect(waiting).resolves.toEqual({ kind: 'calls', calls: [] });
    expect(client.idle()).toBe(false);
    void client.submit({ id: 'c1', name: 'back', argumentsJson: '{}' });
    await expect(client.next(input(2, look('s')), signal)).resolves.toMatchObject({ calls: [{ id: 'c1' }] });
  });

  it('ends its wait when the run is cancelled', async () => {
    const { client } = interpreter();
    const controller = new AbortController();
    const waiting = client.next(input(1, look('s')), controller.signal);
    controller.abort('client gone');
    await expect(waiting).resolves.toMatchObject({ kind: 'halt' });
  });
});

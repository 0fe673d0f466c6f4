// The interpreter's looking steps on hand-made screens and a made-up timeline (observation
// times, no wall clock): how long an assertion looks again, when wait_for_stable gives up, and
// `when` judged once as a step is reached.
import { describe, expect, it } from 'vitest';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import type { ScriptStep, TaskDefinition } from '../../../src/core/agent/task/task-schema.js';
import type { Decision, ToolOutcome } from '../../../src/core/agent/types.js';
import { line, screen } from '../../support/screen-builder.js';

const look = (at: number, ...texts: string[]): Observation => ({
  at,
  screen: screen(texts.map((t, i) => line(t, 100, 300 + i * 120))),
  quality: { ok: true },
});
const task = (steps: ScriptStep[]) =>
  ({
    goal: 'test',
    inputs: {},
    secrets: [],
    interrupts: [],
    approve: [],
    retries: 2,
    dismissNotifications: false,
    tags: [],
    params: {},
    steps,
  }) as TaskDefinition & { steps: ScriptStep[] };
const call = (decision: Decision) => (decision.kind === 'calls' ? decision.calls[0]! : undefined);
const outcome = (decision: Decision, status: ToolOutcome['status'], content = ''): ToolOutcome[] => [
  { callId: call(decision)!.id, tool: call(decision)!.name, status, content },
];

describe('looking steps', () => {
  it('assert_visible looks again as the screen changes until its timeout, then fails with what the screen shows', async () => {
    const script = new ScriptInterpreter(task([{ assert_visible: 'Connected', timeout_ms: 1000 }, { tap: 'Done' }]));
    const first = await script.next({ step: 1, goal: '', observation: look(0, 'Connecting…'), results: [] });
    expect(call(first)).toMatchObject({ name: 'wait_for', argumentsJson: '{"timeout_ms":1000}' });
    const second = await script.next({
      step: 2,
      goal: '',
      observation: look(600, 'Still connecting'),
      results: outcome(first, 'ok'),
    });
    expect(call(second)).toMatchObject({ name: 'wait_for', argumentsJson: '{"timeout_ms":400}' });
    const third = await script.next({
      step: 3,
      goal: '',
      observation: look(1000, 'Still connecting'),
      results: outcome(second, 'not_found'),
    });
    expect(third).toMatchObject({
      kind: 'halt',
      code: 'assertion_failed',
      reason: expect.stringMatching(
        /^script step 1 \(assert_visible "Connected"\) failed: "Connected" is not on the screen.*the screen shows "Still connecting"/,
      ),
    });
  });

  it('assert_visible passes as soon as the text shows, and the next step runs', async () => {
    const script = new ScriptInterpreter(
      task([{ assert_visible: { text: 'Connected', below: 'Wi-Fi' } }, { tap: 'Done' }]),
    );
    const first = await script.next({
      step: 1,
      goal: '',
      observation: look(0, 'Wi-Fi', 'Connected', 'Done'),
      results: [],
    });
    expect(call(first)).toMatchObject({ name: 'tap_text' });
    // Above its anchor is not below it.
    const upside = new ScriptInterpreter(
      task([{ assert_visible: { text: 'Connected', below: 'Wi-Fi' }, timeout_ms: 0 }]),
    );
    expect(
      await upside.next({ step: 1, goal: '', observation: look(0, 'Connected', 'Wi-Fi'), results: [] }),
    ).toMatchObject({ kind: 'halt' });
  });

  it('wait_for_stable: a quiet period ends it; a screen that keeps changing past the timeout fails it', async () => {
    const stable = new ScriptInterpreter(task([{ wait_for_stable: { quiet_ms: 500 } }, { tap: 'Go' }]));
    const first = await stable.next({ step: 1, goal: '', observation: look(0, 'Loading'), results: [] });
    expect(call(first)).toMatchObject({ name: 'wait_for', argumentsJson: '{"timeout_ms":500}' });
    const changed = await stable.next({
      step: 2,
      goal: '',
      observation: look(300, 'Loaded'),
      results: outcome(first, 'ok', 'The screen changed after 300 ms (appeared: "Loaded")'),
    });
    expect(call(changed)).toMatchObject({ name: 'wait_for' });
    const quiet = await stable.next({
      step: 3,
      goal: '',
      observation: look(800, 'Loaded', 'Go'),
      results: outcome(changed, 'not_found'),
    });
    expect(call(quiet)).toMatchObject({ name: 'tap_text' });

    const busy = new ScriptInterpreter(task([{ wait_for_stable: true, timeout_ms: 1000 }]));
    let decision = await busy.next({ step: 1, goal: '', observation: look(0, 'Frame 0'), results: [] });
    for (let t = 400; t <= 1200; t += 400) {
      decision = await busy.next({
        step: t,
        goal: '',
        observation: look(t, `Frame ${t}`),
        results: outcome(decision, 'ok', `The screen changed after 400 ms (appeared: "Frame ${t}")`),
      });
      if (decision.kind === 'halt') break;
    }
    expect(decision).toMatchObject({
      kind: 'halt',
      code: 'screen_not_stable',
      reason: expect.stringMatching(
        /kept changing for 1200 ms \(last: The screen changed after 400 ms \(appeared: "Frame 1200"\)\)/,
      ),
    });
  });

  it('when: the step runs when its condition shows and is skipped when it does not', async () => {
    const script = new ScriptInterpreter(
      task([{ tap: 'No thanks', when: { screen_has: 'Promo' }, expect_gone: 'Promo' }, { tap: 'Next' }]),
    );
    const first = await script.next({ step: 1, goal: '', observation: look(0, 'Promo', 'No thanks'), results: [] });
    expect(JSON.parse(call(first)!.argumentsJson)).toMatchObject({ text: 'No thanks' });
    const skipped = new ScriptInterpreter(task([{ tap: 'No thanks', when: { screen_has: 'Promo' } }, { tap: 'Next' }]));
    const next = await skipped.next({ step: 1, goal: '', observation: look(0, 'Next'), results: [] });
    expect(JSON.parse(call(next)!.argumentsJson)).toMatchObject({ text: 'Next' });
  });

  it('repeat times: exactly that many rounds; the cursor says which round', async () => {
    const script = new ScriptInterpreter(task([{ repeat: { times: 2, steps: [{ tap: '+' }] } }, { tap: 'Done' }]));
    const taps: string[] = [];
    let results: ToolOutcome[] = [];
    for (let i = 0; i < 3; i++) {
      const decision = await script.next({ step: i + 1, goal: '', observation: look(i * 100, '+', 'Done'), results });
      taps.push(`${JSON.parse(call(decision)!.argumentsJson).text} ${call(decision)!.id}`);
      if (i === 1)
        expect(script.cursor()).toEqual({
          path: [
            { index: 0, done: 1 },
            { index: 0, branch: 'repeat' },
          ],
          attempts: 0,
        });
      results = outcome(decision, 'ok');
    }
    expect(taps).toEqual(['+ script-1/repeat.1-try1', '+ script-1[2]/repeat.1-try1', 'Done script-2-try1']);
  });
});

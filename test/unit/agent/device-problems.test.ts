// Device access problems are first-class records: a code and a time, in the summary, and
// remembered for the session (counted, not re-reported every step).
import { describe, expect, it } from 'vitest';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { runAgent } from '../../../src/core/agent/loop/run-agent.js';
import { startHarness } from '../../support/agent-harness.js';

const script = (steps: unknown[]) => new ScriptInterpreter(taskSchema.parse({ goal: 'look', steps }) as never);

describe('device access problems', () => {
  it('a dead camera is recorded once with its code, counted, and halts the run instead of retrying every step', async () => {
    const h = await startHarness('settings-wifi');
    const deps = h.deps(script([{ wait_for_change: true, timeout_ms: 200 }]));
    deps.observer = {
      observe: async () => {
        throw new Error('camera /dev/video0 is gone');
      },
      describe: () => 'dead',
      close: async () => undefined,
    };
    const summary = await runAgent(deps, { goal: 'look', task: 'test' });
    expect(summary.termination).toMatchObject({
      kind: 'halted',
      reason: expect.stringContaining('camera failed twice'),
    });
    expect(summary.deviceProblems).toEqual([
      expect.objectContaining({ code: 'camera_unavailable', count: 2, message: 'camera /dev/video0 is gone' }),
    ]);
    expect(summary.errors).toContainEqual({ code: 'device_camera_unavailable', count: 1 });
    expect(summary.sentence).toMatch(/Device problems: camera_unavailable ×2/);
  });

  it('an unreadable screen is remembered, not re-reported on every look', async () => {
    const h = await startHarness('settings-wifi');
    const deps = h.deps(script([{ wait_for_change: true, timeout_ms: 600 }]));
    const real = deps.observer;
    deps.observer = {
      ...real,
      observe: async (o) => ({
        ...(await real.observe(o)),
        quality: {
          ok: false,
          problems: [{ kind: 'too_dark', value: 10, limit: 60, message: 'the frame is too dark' }],
        },
      }),
    };
    const summary = await runAgent(deps, { goal: 'look', task: 'test' });
    const dark = summary.deviceProblems.find((p) => p.code === 'screen_too_dark')!;
    expect(dark.count).toBeGreaterThan(2);
    expect(summary.errors.filter((e) => e.code === 'device_screen_too_dark')).toEqual([
      { code: 'device_screen_too_dark', count: 1 },
    ]);
  });
});

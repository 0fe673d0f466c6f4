// The whole loop on virtual time: a tap that missed (the phone froze) while a line away from it read
// a little differently ("Wi-Fi" / "Wi Fi"). The verify window and the retry judge know where the tap
// landed (ToolOutcome.tappedAt); the looks carry no fingerprint, so the texts decide, so the re-read is not taken for the tap's effect: the step is tried
// again and reaches its goal with one more tap, never a third.
import { describe, expect, it } from 'vitest';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { runAgent } from '../../../src/core/agent/loop/run-agent.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import type { ObserverPort } from '../../../src/core/ports/observer.js';
import { startHarness } from '../../support/agent-harness.js';

const goal = 'Open the network settings';
const task = taskSchema.parse({
  goal,
  steps: [
    { tap: 'Network & internet', expect: 'Choose a network', timeout_ms: 2000, retries: 1 },
    { submit: { summary: 'Network settings open.' } },
  ],
});

describe('a re-read away from a missed tap', () => {
  it('is no effect: the tap is sent once more and the step is done', async () => {
    const h = await startHarness('settings-wifi');
    h.device.faults.freeze(1500);
    const deps = h.deps(new ScriptInterpreter(task as never));
    const tapped = () => h.mcu.actuations.some((a) => a.ev === 'tap');
    const reread = (text: string) => (tapped() ? text.replace('Wi-Fi', 'Wi Fi') : text);
    const inner = deps.observer;
    const observer: ObserverPort = {
      ...inner,
      describe: () => inner.describe(),
      close: () => inner.close(),
      async observe(options) {
        // Without a content fingerprint (a reader that has none), the texts decide what changed.
        const { content: _pixels, ...seen } = await inner.observe(options);
        return {
          ...seen,
          screen: {
            ...seen.screen,
            lines: seen.screen.lines.map((l) => ({ ...l, text: reread(l.text) })),
            elements: seen.screen.elements.map((e) => ({ ...e, text: reread(e.text) })),
          },
        };
      },
    };
    const summary = await runAgent({ ...deps, observer }, { goal, task: 'test' });
    expect(summary.termination.kind).toBe('submitted');
    expect(
      h
        .audit()
        .filter((line) => line.tool === 'tap_text')
        .map((line) => line.status),
    ).toEqual(['verify_failed', 'ok']);
    expect(h.mcu.actuations.filter((a) => a.ev === 'tap')).toHaveLength(2);
  });
});

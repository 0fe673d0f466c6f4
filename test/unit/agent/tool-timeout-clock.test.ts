// A tool's time limit runs on the loop's clock (call-tool.ts): on a manual clock the tool is
// abandoned exactly when the clock passes its limit, however long the wall clock took.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import type { Interpreter } from '../../../src/core/agent/interpreters/interpreter.js';
import { ToolRegistry } from '../../../src/core/agent/tools/registry.js';
import { defineInfoTool } from '../../../src/core/agent/tools/tool.js';
import type { ToolOutcome } from '../../../src/core/agent/types.js';
import { startHarness } from '../../support/agent-harness.js';

const LIMIT_MS = 60_000;
let release: (() => void) | undefined;
afterEach(() => release?.());

/** Calls the hanging tool once, then answers with what it saw. */
function callOnce(seen: ToolOutcome[]): Interpreter {
  let step = 0;
  return {
    kind: 'llm',
    next: async ({ results }) => {
      seen.push(...results);
      return step++ === 0
        ? { kind: 'calls', calls: [{ id: 'c1', name: 'hang', argumentsJson: '{}' }] }
        : { kind: 'answer', text: 'done\nEvidence: "Network & internet"' };
    },
    cursor: () => ({}),
    pending: () => [],
    progress: () => undefined,
  };
}

describe('a tool on a manual clock', () => {
  it('is abandoned when the clock passes its limit, not before', async () => {
    const clock = new ManualClock();
    const h = await startHarness('settings-wifi', { clock });
    let started = false;
    h.tools = new ToolRegistry([
      defineInfoTool({
        name: 'hang',
        description: 'never answers',
        input: z.object({}),
        timeoutMs: LIMIT_MS,
        run: () => {
          started = true;
          return new Promise((resolve) => {
            release = () => resolve({ status: 'ok', content: 'late' });
          });
        },
      }),
    ]);
    const seen: ToolOutcome[] = [];
    const running = h.run(callOnce(seen), 'hang once');
    while (!started || clock.pendingSleeps === 0) await new Promise((resolve) => setImmediate(resolve));
    const startedAt = clock.now();
    await clock.advance(LIMIT_MS - 1);
    expect(seen).toEqual([]);
    await clock.advance(1);
    const summary = await running;
    expect(clock.now() - startedAt).toBe(LIMIT_MS);
    expect(seen.map((outcome) => [outcome.tool, outcome.status])).toEqual([['hang', 'timeout']]);
    expect(summary.termination).toMatchObject({ kind: 'answered', text: expect.stringMatching(/^done\n/) });
  });
});

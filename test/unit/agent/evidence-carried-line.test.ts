// A claim's evidence is the screen now. A reader that carries lines over (its content fingerprint
// saw no change there) keeps the picture each line was read from; a citation seen only on a line
// read before the claim is not taken: the screen is read anew and the claim judged on that.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { EvidenceGate } from '../../../src/core/agent/loop/evidence-phase.js';
import type { AgentDeps } from '../../../src/core/agent/loop/agent-deps.js';
import type { Observations } from '../../../src/core/agent/loop/observe-phase.js';
import { RunState } from '../../../src/core/agent/run-state.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { line, screen } from '../../support/screen-builder.js';

/** The picture the reader last read whole, before the claim. */
const OLDER_PICTURE = 500;

/** Looks that carry "Connected" over from the older picture, unless asked to read anew: then `statusNow`. */
function carryingLooks(clock: ManualClock, statusNow: string, asked: boolean[]): Observations {
  return {
    async look(_newerThan?: number, _timeoutMs?: number, readAnew = false): Promise<Observation> {
      asked.push(readAnew);
      const at = clock.now();
      const status = readAnew
        ? { ...line(statusNow, 60, 600), readFrom: { at } }
        : { ...line('Connected', 60, 600), readFrom: { at: OLDER_PICTURE } };
      return {
        at,
        screen: screen([{ ...line('HomeNet-5G', 60, 540), readFrom: { at } }, status]),
        quality: { ok: true },
      };
    },
  } as unknown as Observations;
}

async function judge(statusNow: string) {
  const clock = new ManualClock(1000);
  const asked: boolean[] = [];
  const deps = { clock, interpreter: { kind: 'llm' } } as unknown as AgentDeps;
  const state = new RunState('run-1', 'cont-1', 'connect', 'test', 0, () => '2026-12-07T00:00:00.000Z');
  const verdict = await new EvidenceGate().judge(deps, state, carryingLooks(clock, statusNow, asked), 'final answer', [
    { text: 'Connected', below: 'HomeNet-5G' },
  ]);
  return { verdict, asked };
}

describe('evidence on a line carried over from before the claim', () => {
  it('is not taken: the screen read anew shows the claim false, and the claim is refused', async () => {
    const { verdict, asked } = await judge('Disconnected');
    expect(asked).toEqual([false, true]);
    expect(verdict.accepted).toBe(false);
    expect(verdict.evidence[0]).toMatchObject({ text: 'Connected', held: false });
  });

  it('a screen read anew that shows it too backs the claim, on a line read after it', async () => {
    const { verdict, asked } = await judge('Connected');
    expect(asked).toEqual([false, true]);
    expect(verdict.accepted).toBe(true);
    expect(verdict.evidence[0]).toMatchObject({ text: 'Connected', held: true });
  });
});

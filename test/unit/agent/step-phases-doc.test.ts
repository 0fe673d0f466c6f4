// docs/ARCHITECTURE.md's step table is the loop's own list of phases (src/core/agent/loop/phases.ts):
// a phase added, renamed or moved in the code and not in the doc (or the other way) fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STEP_PHASES, stepPhaseTable } from '../../../src/core/agent/loop/phases.js';
import { runPhaseSchema } from '../../../src/core/state/checkpoint.js';

const doc = readFileSync(new URL('../../../docs/ARCHITECTURE.md', import.meta.url), 'utf8');

/** The first table after the "One step" heading. */
function stepTableInDoc(): string {
  const section = doc.slice(doc.indexOf('## One step, from the camera to the checkpoint'));
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines.slice(start, end).join('\n');
}

describe('the step table', () => {
  it('in docs/ARCHITECTURE.md is the loop phase list, row for row (paste stepPhaseTable() when it changes)', () => {
    expect(stepTableInDoc()).toBe(stepPhaseTable());
  });

  it('names every phase a result file can be in while a step runs, in the loop order', () => {
    const phases = STEP_PHASES.map((p) => p.phase).filter((p) => p !== 'start');
    expect(phases).toEqual(runPhaseSchema.options.filter((p) => p !== 'starting' && p !== 'finished'));
  });
});

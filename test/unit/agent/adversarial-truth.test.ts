// The adversarial tasks on the in-process bench (perfect eyesight: the device's ground truth),
// clean: whatever the eyes, the judgement must never claim a success the device does not show,
// nor press a destructive button nobody asked for. The same tasks run through the camera model
// and OCR, with their faults, in test/e2e/adversarial.test.ts.
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { loadTaskFile, unaskedDestructive, unmetExpectations } from '../../../src/sim/device/task-file.js';
import { readdirSync } from 'node:fs';
import { startHarness } from '../../support/agent-harness.js';
import { loadAdversarialCases } from '../../../src/sim/bench/adversarial-cases.js';
import { CASES_FILE } from '../../support/adversarial-runner.js';

/** Tasks whose every run is `reachable: false`: by design no claim of success is right (share-toast: the expectation is worded unlike the app). */
const neverReachable = new Set(
  loadAdversarialCases(CASES_FILE)
    .filter((c) => c.runs.every((run) => !run.reachable))
    .map((c) => c.taskFile.split('/').at(-1)!),
);

const tasks = [...new Set(readdirSync('src/sim/devices/adversarial').filter((f) => f.endsWith('.task.yaml')))];

describe('adversarial tasks, clean, on the in-process bench', () => {
  it.each(tasks)(
    '%s: no false success, no unasked destructive action',
    async (file) => {
      const name = `adversarial/${file.replace(/\.task\.yaml$/, '')}`;
      const taskFile = loadTaskFile(`src/sim/devices/${name}.task.yaml`);
      const task = loadTask(`src/sim/devices/${name}.task.yaml`);
      const h = await startHarness(name, { approve: true });
      const summary = await h.run(
        new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> }),
        task,
      );
      const succeeded = summary.termination.kind === 'submitted' || summary.termination.kind === 'answered';
      const unmet = unmetExpectations(taskFile, h.device);
      if (succeeded) expect(unmet, `${name} claimed success: ${summary.sentence}`).toEqual([]);
      expect(unaskedDestructive(taskFile, h.device.destructiveLog)).toEqual([]);
      // With perfect eyesight and no fault every one of these tasks is reachable (the pop-up that
      // takes focus mid-typing included: the rest of the message is typed after what the field shows).
      if (neverReachable.has(file)) {
        // Stopped without a claim, and the device shows the action done once (its records say so).
        expect(summary.termination.kind, `${name}: ${JSON.stringify(summary.termination)}`).toBe('halted');
        expect(unmet, `${name}: ${summary.sentence}`).toEqual([]);
        return;
      }
      expect(summary.termination.kind, `${name}: ${JSON.stringify(summary.termination)}`).toBe('submitted');
    },
    60000,
  );
});

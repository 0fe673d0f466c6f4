// Issue 27 item 1: a toast that was the effect, seen through the real camera and reader on the
// virtual bench. "Share" shares every time it is pressed and confirms only in a toast worded
// unlike the task's expectation; the step fails its verification, and since the toast came (and
// went) during the verify window, the action had an effect: Share is pressed exactly once, the run
// stops, and it says what appeared. On a light theme, a dark theme, and with the toast over a list.
import { describe, expect, it } from 'vitest';
import { adversarialRuns, runOne, type RunReport } from '../support/adversarial-runner.js';

const runs = adversarialRuns().filter(({ testCase }) => testCase.taskFile.includes('/share-toast'));

describe('a non-idempotent button confirmed by a toast worded unlike the expectation', () => {
  it('the three share cases are in the adversarial suite', () => {
    expect(runs.map(({ testCase }) => testCase.taskFile.split('/').at(-1))).toEqual([
      'share-toast.task.yaml',
      'share-toast-dark.task.yaml',
      'share-toast-list.task.yaml',
    ]);
  });

  for (const { testCase, run } of runs) {
    it(`${testCase.name}: pressed once, the run stops and says the toast appeared`, async () => {
      const report: RunReport = await runOne(testCase, run);
      const seen = `${report.summary}\n${report.steps.join('\n')}`;
      expect(report.truthAtEnd.records, seen).toEqual({ shares: 1 });
      expect(report.claimedSuccess, seen).toBe(false);
      expect(report.exitCode, seen).toBe(5);
      // What appeared, in the words the reader found: the toast's text.
      expect(report.summary, seen).toMatch(/appeared[^]*Link sent to 3 people/i);
    }, 200_000);
  }
});

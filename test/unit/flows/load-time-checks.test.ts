// Issue 27 item 6: bad input in a task file is refused as it loads, naming the file, the line, the
// field and the fix — not when a bench has started (a raw validation dump, an error only once the
// bench answers), and not as some other step kind's missing field.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../../src/app/suite/flow-file.js';
import { missingPlaceholders } from '../../../src/core/agent/interpreters/script/step-to-call.js';

const HEAD = 'device: settings-wifi.yaml\ngoal: Connect the phone to Wi-Fi.\n';

function problemsOf(text: string, files: Record<string, string> = {}): string {
  const folder = mkdtempSync(join(tmpdir(), 'bh-load-checks-'));
  for (const [name, content] of Object.entries({ 'task.yaml': text, ...files }))
    writeFileSync(join(folder, name), content);
  try {
    loadFlow(join(folder, 'task.yaml'), { environment: {} });
  } catch (error) {
    return (error as Error).message.replace(folder, 'DIR');
  }
  throw new Error('the task loaded');
}

describe('a task file is judged when it loads (issue 27)', () => {
  it('limits.maxSteps of 10^15: the guardrails bound, at its line', () => {
    expect(problemsOf(`${HEAD}limits: { maxSteps: 1000000000000000 }\nsteps:\n  - tap: OK\n`)).toBe(
      "DIR/task.yaml: 1 problem(s) in the task file:\n  line 3, limits.maxSteps: at most 10000 steps (the guardrails' limit): a task that needs more is several tasks",
    );
  });

  it('a {placeholder} no input defines: the step and field, and the inputs there are', () => {
    expect(problemsOf(`${HEAD}inputs: { network: Home }\nsteps:\n  - tap: Wi-Fi\n  - type: "{nosuch}"\n`)).toBe(
      'DIR/task.yaml: 1 problem(s) in the task file:\n  line 6, steps[1].type: {nosuch} is not a task input (inputs: network): add nosuch under inputs',
    );
  });

  it("a {placeholder} in a sub-flow is judged against the running flow's inputs, at its run_flow step", () => {
    const message = problemsOf(`${HEAD}steps:\n  - run_flow: sub.yaml\n`, {
      'sub.yaml': 'steps:\n  - type: "{code}"\n',
    });
    expect(message).toMatch(/line 4, steps\[0\]: \{code\} \(in .*sub\.yaml, run by this step\) is not a task input/);
  });

  it('a secret without a value', () => {
    expect(problemsOf(`${HEAD}secrets: [password]\nsteps:\n  - tap: Password\n`)).toBe(
      'DIR/task.yaml: 1 problem(s) in the task file:\n  line 3, secrets[0]: "password" is a secret with no value: add password under inputs (a ${NAME} parameter there, given with --env NAME=..., keeps it out of the file)',
    );
  });

  it('a 100 000-step task is refused before the YAML parser spends a minute on it', () => {
    const steps = '  - tap: Network & internet\n'.repeat(100_000);
    expect(problemsOf(`${HEAD}steps:\n${steps}`)).toBe(
      'DIR/task.yaml: 1 problem(s) in the task file:\n  line 1, (top level): the file is 2800068 bytes: a flow file holds at most 1048576 (and at most 1000 steps): split it into flows run with run_flow',
    );
  });

  it('a 1 001-step task', () => {
    const steps = '  - tap: OK\n'.repeat(1001);
    expect(problemsOf(`${HEAD}steps:\n${steps}`)).toBe(
      'DIR/task.yaml: 1 problem(s) in the task file:\n  line 3, steps: 1001 steps: a flow holds at most 1000 (a run takes at most 10000 steps, each step one or more): split it into flows run with run_flow',
    );
  });

  it('an unknown step kind is named as such (not "steps[0].wait_for: missing"), with the nearest kind', () => {
    const message = problemsOf(`${HEAD}steps:\n  - tapp: Network\n`);
    expect(message).toMatch(
      /^DIR\/task\.yaml: 1 problem\(s\) in the task file:\n {2}line 4, steps\[0\]: not a known step \(keys: tapp\): did you mean "tap"\? A step is one of tap, /,
    );
    expect(message).not.toMatch(/wait_for: missing/);
  });

  it('an unknown step kind inside an if branch and an interrupt', () => {
    const message = problemsOf(
      `${HEAD}interrupts:\n  - when: { screen_has: Rate us }\n    do: [{ tapp: Later }]\nsteps:\n  - if: { screen_has: More }\n    then: [{ swipee: up }]\n`,
    );
    expect(message).toMatch(/line 5, interrupts\[0\]\.do\[0\]: not a known step \(keys: tapp\)/);
    expect(message).toMatch(/line 8, steps\[0\]\.then\[0\]: not a known step \(keys: swipee\): did you mean "swipe"\?/);
  });

  it("the script interpreter's own check finds placeholders in nested steps (it looked into none)", () => {
    expect(missingPlaceholders([{ type: '{nosuch}' }], {})).toEqual(['nosuch']);
  });
});

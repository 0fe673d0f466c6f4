// Loading flows: ${NAME} parameters and their sources, sub-flows, and the load-time errors that
// name the file, the line, the step and the field.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../../src/app/suite/flow-file.js';

function dir(files: Record<string, string>): string {
  const d = mkdtempSync(join(tmpdir(), 'bh-flowfile-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text);
  return d;
}
const load = (d: string, name: string, env: Record<string, string> = {}, environment: Record<string, string> = {}) =>
  loadFlow(join(d, name), { env, environment });
const error = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('flow files', () => {
  it("fills ${NAME} from --env over the environment over the file's params; $${ stays literal", () => {
    const d = dir({
      'f.yaml':
        'goal: Say hello\nparams: { WHO: file, WHAT: default }\nsteps:\n  - tap: "${WHO} ${WHAT} ${HOME_X} $${WHO}"\n',
    });
    const flow = load(d, 'f.yaml', { WHO: 'flag' }, { WHO: 'env', HOME_X: 'h' });
    expect(flow.steps).toEqual([{ tap: 'flag default h ${WHO}' }]);
  });

  it('an unknown ${NAME} is an error at load time naming the line, the step and the field, and what to do', () => {
    const d = dir({ 'f.yaml': 'goal: Say hello\nsteps:\n  - tap: OK\n  - wait_for: { text: "${GREETING}" }\n' });
    expect(error(() => load(d, 'f.yaml'))).toMatch(
      /f\.yaml: 1 problem\(s\) in the task file:\n {2}line 4, steps\[1\]\.wait_for\.text: \$\{GREETING\} is not defined: pass --env GREETING=VALUE, export GREETING, or give it a default under params/,
    );
  });

  it('run_flow: parameters reach the sub-flow; its own params are defaults; steps nest into if and repeat', () => {
    const d = dir({
      'sub.yaml': 'params: { LABEL: Default }\nsteps:\n  - tap: "${LABEL}"\n  - tap: "${OTHER}"\n',
      'main.yaml':
        'goal: Use a sub-flow\nparams: { OTHER: top }\nsteps:\n  - run_flow: sub.yaml\n  - repeat: { times: 2, steps: [{ run_flow: { file: sub.yaml, params: { LABEL: Given } } }] }\n',
    });
    const flow = load(d, 'main.yaml');
    const first = flow.steps![0] as { loaded: { steps: unknown[] } };
    expect(first.loaded.steps).toEqual([{ tap: 'Default' }, { tap: 'top' }]);
    const inner = (flow.steps![1] as { repeat: { steps: { loaded: { steps: unknown[] } }[] } }).repeat.steps[0]!;
    expect(inner.loaded.steps).toEqual([{ tap: 'Given' }, { tap: 'top' }]);
  });

  it('run_flow errors name the file: missing, a cycle, too deep, an error inside the sub-flow', () => {
    const d = dir({
      'missing.yaml': 'goal: Missing sub-flow\nsteps:\n  - run_flow: nowhere.yaml\n',
      'a.yaml': 'goal: Cycle A\nsteps:\n  - run_flow: b.yaml\n',
      'b.yaml': 'steps:\n  - run_flow: a.yaml\n',
      'bad.yaml': 'goal: Bad sub-flow\nsteps:\n  - tap: OK\n  - run_flow: broken.yaml\n',
      'broken.yaml': 'steps:\n  - tapp: OK\n',
      'd0.yaml': 'goal: Deep\nsteps:\n  - run_flow: d1.yaml\n',
      ...Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`d${n}.yaml`, `steps:\n  - run_flow: d${n + 1}.yaml\n`])),
      'd6.yaml': 'steps:\n  - tap: OK\n',
    });
    expect(error(() => load(d, 'missing.yaml'))).toMatch(
      /missing\.yaml: steps\[0\] \(run_flow nowhere\.yaml\): cannot read the task file .*nowhere\.yaml/,
    );
    expect(error(() => load(d, 'a.yaml'))).toMatch(/run_flow cycle .*a\.yaml -> .*b\.yaml -> .*a\.yaml/);
    expect(error(() => load(d, 'd0.yaml'))).toMatch(/sub-flows nest 6 deep, more than 5/);
    expect(error(() => load(d, 'bad.yaml'))).toMatch(
      /bad\.yaml: steps\[1\] \(run_flow broken\.yaml\): .*broken\.yaml: \d problem\(s\)[^]*line 2, steps\[0\]: not a known step \(keys: tapp\): did you mean "tap"\?/,
    );
  });

  it('schema errors for the new steps say the rule', () => {
    const d = dir({
      'r.yaml': 'goal: Unbounded\nsteps:\n  - repeat: { steps: [{ tap: OK }] }\n',
      'w.yaml': 'goal: Bad when\nsteps:\n  - tap: OK\n    when: { screen_has: A, screen_lacks: B }\n',
      's.yaml': 'goal: Bad screenshot\nsteps:\n  - screenshot: "Has Spaces"\n',
      'i.yaml':
        'goal: Bad interrupt\ninterrupts:\n  - when: { screen_has: Promo }\n    do: [{ assert_visible: Promo }]\nsteps:\n  - tap: OK\n',
      't.yaml': 'goal: Bad tag\ntags: [Smoke Test, ""]\nsteps:\n  - tap: OK\n',
    });
    expect(error(() => load(d, 'r.yaml'))).toMatch(
      /line 3, steps\[0\]\.repeat: give times, while or until: a repeat must know when to stop/,
    );
    expect(error(() => load(d, 'w.yaml'))).toMatch(/steps\[0\]\.when: give exactly one of screen_has or screen_lacks/);
    expect(error(() => load(d, 's.yaml'))).toMatch(/steps\[0\]\.screenshot: lower-case letters/);
    // Tags are free text (Smoke Test is one); an empty one selects nothing.
    expect(error(() => load(d, 't.yaml'))).toMatch(/line 2, tags\[1\]: a tag is a word or a few/);
    // Interrupts hold single actions: the interpreter refuses control steps there.
    const flow = load(d, 'i.yaml');
    expect(flow.interrupts[0]!.do[0]).toEqual({ assert_visible: 'Promo' });
  });
});

// The flow language's steps driving the loop on the in-process bench (the settings-wifi device,
// seen through its ground truth): assertions with anchors, sub-flows with parameters, bounded
// repeats, when, wait_for_stable and screenshots, and a crash inside a repeat inside a sub-flow
// picked up at the right place.
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlow } from '../../../src/app/suite/flow-file.js';
import {
  ScriptInterpreter,
  type ScriptCursor,
} from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { runAgent } from '../../../src/core/agent/loop/run-agent.js';
import { ALL_TOOLS, ToolRegistry } from '../../../src/core/agent/tools/registry.js';
import { FLOW_TOOLS } from '../../../src/core/agent/tools/flow-tools.js';
import { stepsToAdvance } from '../../../src/core/recovery/script-position.js';
import type { TaskDefinition } from '../../../src/core/agent/task/task-schema.js';
import { startHarness, type Harness } from '../../support/agent-harness.js';
import { checkpointSchema } from '../../../src/core/state/checkpoint.js';

type Steps = TaskDefinition & { steps: NonNullable<TaskDefinition['steps']> };

function flowDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bh-flows-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

async function run(h: Harness, flow: Steps, extra: { screenshots?: string[] } = {}) {
  h.tools = new ToolRegistry([...ALL_TOOLS, ...FLOW_TOOLS]);
  const deps = h.deps(new ScriptInterpreter(flow), {}, flow);
  return runAgent(
    {
      ...deps,
      keepScreenshot: async (name, seen) => {
        extra.screenshots?.push(`${name}:${seen.screen.lines.length}`);
        return `screenshots/${name}.jpg`;
      },
    },
    { goal: flow.goal, task: 'test' },
  );
}

const CONNECT = `goal: Pick a network and type its password
params: { PASSWORD: "wrong" }
steps:
  - repeat:
      until: { screen_has: "\${NETWORK}" }
      max: 3
      steps:
        - tap: More
  - tap: "\${NETWORK}"
    expect: Enter the password for \${NETWORK}
  - tap: Password
    expect_change: false
  - type: "\${PASSWORD}"
    secret: true
`;

describe('flow steps on the in-process bench', () => {
  it('assertions with anchors, a sub-flow with parameters, a bounded repeat, when, wait_for_stable and a screenshot', async () => {
    const dir = flowDir({
      'connect.yaml': CONNECT,
      'main.yaml': `goal: Connect to Wi-Fi through a sub-flow
steps:
  - assert_visible: { text: "Network & internet", below: "Wi-Fi" }
  - assert_not_visible: Connected
  - tap: Network & internet
  - wait_for_stable: { quiet_ms: 300 }
  - assert_visible: { text: Choose a network, in: content }
  - tap: Cancel
    when: { screen_has: Nothing like this }
  - run_flow: { file: connect.yaml, params: { NETWORK: HomeNet-5G, PASSWORD: "\${WIFI_PASSWORD}" } }
  - tap: Connect
    expect: Connected
    timeout_ms: 8000
  - repeat: { times: 2, steps: [{ note: { name: round, text: again } }] }
  - screenshot: connected
  - assert_visible: { text: HomeNet-5G, below: Connected }
  - submit: { summary: connected }
`,
    });
    const flow = loadFlow(join(dir, 'main.yaml'), {
      env: { WIFI_PASSWORD: 'correct horse' },
      environment: {},
    }) as Steps;
    const h = await startHarness('settings-wifi');
    const screenshots: string[] = [];
    const summary = await run(h, flow, { screenshots });
    expect(summary.termination, JSON.stringify(summary.termination)).toMatchObject({ kind: 'submitted' });
    expect(h.device.vars).toMatchObject({ connected: true, network: 'HomeNet-5G' });
    expect(screenshots).toEqual([expect.stringMatching(/^connected:\d+$/)]);
    const tools = h.audit().map((a) => a.tool);
    // One More (HomeNet-5G is the fifth of six rows, four shown), no Cancel (its `when` did not hold), two notes.
    expect(
      h
        .audit()
        .filter((a) => a.tool === 'tap_text')
        .map((a) => (a.args as { text: string }).text),
    ).toEqual(['Network & internet', 'More', 'HomeNet-5G', 'Password', 'Connect']);
    expect(tools.filter((t) => t === 'write_note')).toHaveLength(2);
    expect(tools).toContain('take_screenshot');
  }, 30000);

  it('a failed assertion halts the flow with the step and what the screen shows instead', async () => {
    const dir = flowDir({
      'f.yaml': 'goal: Assert something absent\nsteps:\n  - assert_visible: Connected\n    timeout_ms: 300\n',
    });
    const h = await startHarness('settings-wifi');
    const summary = await run(h, loadFlow(join(dir, 'f.yaml'), { environment: {} }) as Steps);
    expect(summary.termination).toMatchObject({ kind: 'halted' });
    const reason = (summary.termination as { reason: string }).reason;
    expect(reason).toMatch(/^script step 1 \(assert_visible "Connected"\) failed: "Connected" is not on the screen/);
    expect(reason).toMatch(/the screen shows .*"Network & internet"/);
    expect(h.mcu.actuations).toHaveLength(0);
  }, 30000);

  it('assert_not_visible fails naming where the text was seen; a repeat past its bound fails', async () => {
    const dir = flowDir({
      'a.yaml': 'goal: Assert Settings gone\nsteps:\n  - assert_not_visible: Settings\n    timeout_ms: 0\n',
      'b.yaml':
        'goal: Never there\nsteps:\n  - tap: Network & internet\n  - repeat: { until: { screen_has: Nowhere }, max: 2, steps: [{ note: { name: round, text: again } }] }\n',
    });
    const h1 = await startHarness('settings-wifi');
    const a = await run(h1, loadFlow(join(dir, 'a.yaml'), { environment: {} }) as Steps);
    expect((a.termination as { reason: string }).reason).toMatch(
      /"Settings" is on the screen \(.*\), which the step says must not be/,
    );
    const h2 = await startHarness('settings-wifi');
    const b = await run(h2, loadFlow(join(dir, 'b.yaml'), { environment: {} }) as Steps);
    expect((b.termination as { reason: string }).reason).toMatch(
      /^script step 2\[3\] \(repeat until the screen has "Nowhere"\) ran its bound of 2 rounds and the screen never showed "Nowhere"/,
    );
  }, 30000);

  it('a run stopped inside a repeat inside a sub-flow resumes there: nothing tapped twice, the goal reached', async () => {
    const dir = flowDir({
      'connect.yaml': CONNECT,
      'main.yaml': `goal: Connect, resumably
steps:
  - tap: Network & internet
    expect: Choose a network
  - run_flow: { file: connect.yaml, params: { NETWORK: Lab Bench, PASSWORD: x } }
  - submit: { summary: typed }
`,
    });
    const flow = loadFlow(join(dir, 'main.yaml'), { environment: {} }) as Steps;
    const h = await startHarness('settings-wifi');
    h.tools = new ToolRegistry([...ALL_TOOLS, ...FLOW_TOOLS]);
    // Stop the run right after the first More (a tap inside the repeat inside the sub-flow).
    const deps = h.deps(new ScriptInterpreter(flow), {}, flow);
    const first = await runAgent(
      {
        ...deps,
        onProgress: (e) => {
          if (e.type === 'outcome' && e.tool === 'tap_text' && h.mcu.actuations.length === 2)
            h.controller.abort('test stop');
        },
      },
      { goal: flow.goal, task: 'test' },
    );
    expect(first.termination.kind).toBe('cancelled');
    const checkpoint = checkpointSchema.parse(JSON.parse(readFileSync(join(h.stateDir, 'result.json'), 'utf8')));
    const cursor = checkpoint.state.cursor as unknown as ScriptCursor;
    // In the sub-flow (step 2), in the repeat (its step 1), one round done.
    expect(cursor.path).toEqual([{ index: 1 }, { index: 0, branch: 'flow' }, { index: 0, branch: 'repeat' }]);
    const journal = await h.store.loadJournal();
    const advance = stepsToAdvance(checkpoint, journal.ok ? journal.records : [], {
      kind: 'continue',
      reasons: [],
      screenChanged: false,
    });
    // The More was done (its outcome is in the journal): the resumed script moves past it, to the repeat's next decision.
    expect(advance).toBe(1);
    const resumed = ScriptInterpreter.resume(flow, cursor, advance);
    expect(resumed.pending()[0]).toMatch(/^repeat until/);
    const controller = new AbortController();
    const second = await runAgent(
      { ...h.deps(resumed, {}, flow), signal: controller.signal },
      { goal: flow.goal, task: 'test' },
    );
    expect(second.termination, JSON.stringify(second.termination)).toMatchObject({ kind: 'submitted' });
    const taps = h
      .audit()
      .filter((a) => a.tool === 'tap_text')
      .map((a) => (a.args as { text: string }).text);
    expect(taps).toEqual(['Network & internet', 'More', 'Lab Bench', 'Password']);
    expect(h.device.vars.network).toBe('Lab Bench');
  }, 30000);
});

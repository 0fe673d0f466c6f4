// The Maestro interpreter decides tool calls of the same loop: a tap goes to the element's centre
// once (no second tap unless retryTapIfNoChange), the lookup waits as Maestro's does (17 s, 7 s when
// optional) on the observations' clock, and a failure halts naming the file, the line and the command.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openQuickJsSandbox } from '../../../src/adapters/js-sandbox/quickjs-sandbox.js';
import { readMaestroFlow } from '../../../src/app/suite/maestro/read-maestro-file.js';
import type { InterpretInput } from '../../../src/core/agent/interpreters/interpreter.js';
import type { Decision, ToolOutcome, ToolStatus } from '../../../src/core/agent/types.js';
import { MaestroInterpreter } from '../../../src/core/maestro/maestro-interpreter.js';
import type { ScriptSandbox } from '../../../src/core/ports/script-sandbox.js';
import type { ScreenModel } from '../../../src/core/vision/screen-model.js';
import { line, screen } from '../../support/screen-builder.js';
import { maestroFolder } from './maestro-files.js';

const login = screen([line('Welcome', 80, 300), line('Login', 400, 1200, 200, 60)]);
const empty = screen([line('Welcome', 80, 300)]);
let sandbox: ScriptSandbox;
afterEach(() => sandbox?.dispose());

async function interpreterFor(commands: string, env: Record<string, string> = {}) {
  const root = maestroFolder({ 'flow.yaml': `appId: x\nenv:\n  WHO: Login\n---\n${commands}` });
  sandbox = await openQuickJsSandbox();
  return new MaestroInterpreter(readMaestroFlow(join(root, 'flow.yaml')), sandbox, { env, skipUnsupported: false });
}

/** One turn of the loop: the screen at a time, and the outcome of the call the interpreter made last. */
function input(model: ScreenModel, at: number, last?: { decision: Decision; status: ToolStatus }): InterpretInput {
  const results: ToolOutcome[] = [];
  if (last?.decision.kind === 'calls') {
    const call = last.decision.calls[0]!;
    results.push({ callId: call.id, tool: call.name, status: last.status, content: `${call.name} ${last.status}` });
  }
  return { step: 1, goal: 'g', results, observation: { at, screen: model, quality: { ok: true } } };
}
const call = (d: Decision) =>
  d.kind === 'calls'
    ? { name: d.calls[0]!.name, args: JSON.parse(d.calls[0]!.argumentsJson), retryOf: d.calls[0]!.retryOf }
    : d;

describe('the Maestro interpreter', () => {
  it('taps the element found by its text (a ${...} filled) at its centre, once, and ends with an answer', async () => {
    const maestro = await interpreterFor('- tapOn: ${WHO}\n');
    const tap = await maestro.next(input(login, 0));
    expect(call(tap)).toEqual({
      name: 'tap_point',
      args: { x: 500, y: 1230, expect_change: false },
      retryOf: undefined,
    });
    const end = await maestro.next(input(login, 500, { decision: tap, status: 'ok' }));
    expect(end).toMatchObject({ kind: 'answer' });
  });

  it('with retryTapIfNoChange, taps again (as a declared retry) only when the first tap changed nothing', async () => {
    const maestro = await interpreterFor('- tapOn:\n    text: Login\n    retryTapIfNoChange: true\n');
    const first = await maestro.next(input(login, 0));
    expect(call(first)).toMatchObject({ args: { expect_change: true } });
    const second = await maestro.next(input(login, 800, { decision: first, status: 'verify_failed' }));
    expect(call(second)).toMatchObject({
      name: 'tap_point',
      args: { expect_change: false },
      retryOf: (first as { calls: { id: string }[] }).calls[0]!.id,
    });
  });

  it('waits for a missing element by looking again, and fails after 17 s naming the file, line and command', async () => {
    const maestro = await interpreterFor('- assertVisible: Welcome\n- tapOn: Login\n');
    let decision = await maestro.next(input(empty, 0));
    expect(call(decision)).toMatchObject({ name: 'wait_for' });
    const firstLook = decision;
    decision = await maestro.next(input(empty, 16000, { decision, status: 'not_found' }));
    // Each look again is a declared retry of the one before: the repeat guard must not refuse it.
    expect(call(decision)).toMatchObject({
      name: 'wait_for',
      retryOf: (firstLook as { calls: { id: string }[] }).calls[0]!.id,
    });
    decision = await maestro.next(input(empty, 17001, { decision, status: 'not_found' }));
    expect(decision).toMatchObject({
      kind: 'halt',
      reason: expect.stringMatching(
        /^script step .*flow\.yaml:6 \(tapOn "Login"\) failed: Element not found: Text matching regex: Login$/,
      ),
    });
  });

  it('gives an optional command 7 s, then goes on', async () => {
    const maestro = await interpreterFor('- tapOn:\n    text: Login\n    optional: true\n- assertTrue: ${1 < 2}\n');
    let decision = await maestro.next(input(empty, 0));
    decision = await maestro.next(input(empty, 7001, { decision, status: 'not_found' }));
    expect(decision).toMatchObject({ kind: 'answer' });
    expect(maestro.notes()).toEqual([expect.stringMatching(/optional .*flow\.yaml:5 tapOn failed: Element not found/)]);
  });

  it('runs evalScript, runFlow with env and when, repeat and assertTrue in the sandbox', async () => {
    const maestro = await interpreterFor(
      [
        '- evalScript: ${output.n = 0}',
        '- repeat:',
        '    while:',
        '      true: ${output.n < 3}',
        '    commands:',
        '      - evalScript: ${output.n = output.n + 1}',
        '- runFlow:',
        '    when:',
        '      visible: Welcome',
        '    env:',
        '      EXTRA: 4',
        '    commands:',
        '      - evalScript: ${output.n = output.n + Number(EXTRA)}',
        '- runFlow:',
        '    when:',
        '      notVisible: Welcome',
        '    commands:',
        '      - evalScript: ${output.n = 100}',
        '- assertTrue: ${output.n == 7 && typeof EXTRA == "undefined"}',
        '',
      ].join('\n'),
    );
    const end = await maestro.next(input(login, 0));
    expect(end, JSON.stringify(end)).toMatchObject({ kind: 'answer' });
  });

  it('halts with the condition when assertTrue is false', async () => {
    const maestro = await interpreterFor('- assertTrue: ${WHO == "Logout"}\n');
    expect(await maestro.next(input(empty, 0))).toMatchObject({
      kind: 'halt',
      reason: expect.stringContaining('failed: Assertion is false: ${WHO == "Logout"}'),
    });
  });
  it('stopApp on a phone with no recents screen says the app was left with Home, not closed', async () => {
    const maestro = await interpreterFor('- stopApp\n', { APP_LABEL: 'Notes' });
    let decision = await maestro.next(input(login, 0));
    expect(call(decision)).toMatchObject({ name: 'press_key', args: { key: 'TAB', mods: ['gui'] } });
    decision = await maestro.next(input(login, 100, { decision, status: 'ok' }));
    expect(call(decision)).toMatchObject({ name: 'wait_for' });
    decision = await maestro.next(input(login, 4100, { decision, status: 'not_found' }));
    expect(call(decision)).toMatchObject({
      name: 'write_note',
      args: {
        text: expect.stringMatching(/stopApp: no recents screen showed .*: the app was left with Home, not closed$/),
      },
    });
    decision = await maestro.next(input(login, 4200, { decision, status: 'ok' }));
    expect(call(decision)).toMatchObject({ name: 'home' });
    decision = await maestro.next(input(login, 4300, { decision, status: 'ok' }));
    expect(decision).toMatchObject({ kind: 'answer' });
    expect(maestro.notes()).toEqual([expect.stringMatching(/not closed$/)]);
  });

  it("killApp swipes the app's card up in recents and says it closed only once the card is gone", async () => {
    const recents = screen([line('Notes', 450, 250, 180, 50), line('Clear all', 420, 2220, 240, 50)]);
    const emptied = screen([line('No recent items', 330, 1200, 420, 50)]);
    const maestro = await interpreterFor('- killApp\n', { APP_LABEL: 'Notes' });
    let decision = await maestro.next(input(login, 0));
    decision = await maestro.next(input(recents, 100, { decision, status: 'ok' }));
    expect(call(decision)).toMatchObject({
      name: 'swipe',
      args: {
        path: [
          { x: 540, y: 755 },
          { x: 540, y: 120 },
        ],
      },
    });
    decision = await maestro.next(input(recents, 500, { decision, status: 'verify_failed' }));
    expect(call(decision)).toMatchObject({ name: 'wait_for' });
    decision = await maestro.next(input(emptied, 900, { decision, status: 'ok' }));
    expect(call(decision)).toMatchObject({
      name: 'write_note',
      args: { text: expect.stringMatching(/"Notes" closed from recents/) },
    });
    decision = await maestro.next(input(emptied, 1000, { decision, status: 'ok' }));
    expect(call(decision)).toMatchObject({ name: 'home' });
  });
  it('scrollUntilVisible counts an element as visible by visibilityPercentage (100 by default) of its box in the content area', async () => {
    const cut = screen([line('Welcome', 80, 300), line('Hello', 100, 2230)]); // 65 % above the navigation bar
    const strict = await interpreterFor('- scrollUntilVisible:\n    element: Hello\n');
    expect(call(await strict.next(input(cut, 0)))).toMatchObject({ name: 'scroll', args: { direction: 'down' } });
    const lenient = await interpreterFor('- scrollUntilVisible:\n    element: Hello\n    visibilityPercentage: 50\n');
    expect(await lenient.next(input(cut, 0))).toMatchObject({ kind: 'answer' });
  });

  it("scrollUntilVisible's speed is Maestro's swipe duration, and centerElement scrolls half pages until the element is in the middle third", async () => {
    const fast = await interpreterFor('- scrollUntilVisible:\n    element: Hello\n    speed: 90\n');
    expect(call(await fast.next(input(login, 0)))).toMatchObject({ name: 'swipe', args: { duration_ms: 101 } });
    const low = screen([line('Welcome', 80, 300), line('Hello', 100, 2000)]);
    const middle = screen([line('Welcome', 80, 300), line('Hello', 100, 1000)]);
    const centred = await interpreterFor('- scrollUntilVisible:\n    element: Hello\n    centerElement: true\n');
    const decision = await centred.next(input(low, 0));
    expect(call(decision)).toMatchObject({ name: 'scroll', args: { direction: 'down', amount: 'half' } });
    expect(await centred.next(input(middle, 800, { decision, status: 'ok' }))).toMatchObject({ kind: 'answer' });
  });

  it('scrollUntilVisible sends a swipe that provably changed nothing once more (a lost gesture), and ends at the second', async () => {
    const lostOnce = (decision: Decision, at: number, unchangedWindow: boolean): InterpretInput => {
      const turn = input(empty, at, { decision, status: 'verify_failed' });
      return { ...turn, results: turn.results.map((r) => ({ ...r, unchangedWindow })) };
    };
    const maestro = await interpreterFor('- scrollUntilVisible:\n    element: Hello\n');
    const first = await maestro.next(input(empty, 0));
    expect(call(first)).toMatchObject({ name: 'scroll', args: { direction: 'down' } });
    const again = await maestro.next(lostOnce(first, 800, true));
    expect(call(again)).toMatchObject({ name: 'scroll', args: { direction: 'down' }, retryOf: expect.any(String) });
    const moved = await maestro.next(input(empty, 1600, { decision: again, status: 'ok' }));
    expect(call(moved)).toMatchObject({ name: 'scroll', retryOf: undefined });
    const lost = await maestro.next(lostOnce(moved, 2400, true));
    expect(call(lost)).toMatchObject({ name: 'scroll' });
    const end = await maestro.next(lostOnce(lost, 3200, true));
    expect(end).toMatchObject({
      kind: 'halt',
      reason: expect.stringMatching(/stopped moving after 4 scrolls down, the last two moved nothing/),
    });
    // A swipe that moved nothing while something else changed is not sent again.
    const other = await interpreterFor('- scrollUntilVisible:\n    element: Hello\n');
    const once = await other.next(input(empty, 0));
    expect(await other.next(lostOnce(once, 800, false))).toMatchObject({ kind: 'halt' });
  });
});
